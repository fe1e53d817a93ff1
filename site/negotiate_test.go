package main

import (
	"slices"
	"testing"
)

func TestAcceptedEncodings(t *testing.T) {
	for _, tc := range []struct {
		header string
		want   []string
	}{
		{"", nil},
		{"identity", nil},
		{"gzip", []string{"gzip"}},
		{"GZIP", []string{"gzip"}},
		{"x-gzip", []string{"gzip"}},
		{"gzip, deflate, br, zstd", []string{"br", "gzip"}},
		{"gzip;q=1.0, br;q=0.9", []string{"gzip", "br"}},
		{"br;q=0, gzip", []string{"gzip"}},
		{"br; q=0.2, gzip ; Q=0.1", []string{"br", "gzip"}},
		{"*", []string{"br", "gzip"}},
		{"*;q=0", nil},
		{"*;q=0.5, gzip", []string{"gzip", "br"}},
		{"gzip;q=2", nil},   // out of range: not acceptable
		{"gzip;q=abc", nil}, // malformed
		{" , ,gzip", []string{"gzip"}},
	} {
		if got := acceptedEncodings(tc.header); !slices.Equal(got, tc.want) {
			t.Errorf("acceptedEncodings(%q) = %q, want %q", tc.header, got, tc.want)
		}
	}
}
