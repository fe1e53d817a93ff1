package printers

import (
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// The vectors of apimachinery's duration_test.go (TestHumanDuration,
// TestHumanDurationBoundaries, TestShortHumanDurationBoundaries).
func TestHumanDuration(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{time.Second, "1s"},
		{70 * time.Second, "70s"},
		{190 * time.Second, "3m10s"},
		{70 * time.Minute, "70m"},
		{47 * time.Hour, "47h"},
		{49 * time.Hour, "2d1h"},
		{(8*24 + 2) * time.Hour, "8d"},
		{(367 * 24) * time.Hour, "367d"},
		{(365*2*24 + 25) * time.Hour, "2y1d"},
		{(365*8*24 + 2) * time.Hour, "8y"},
	}
	for _, tt := range tests {
		if got := HumanDuration(tt.d); got != tt.want {
			t.Errorf("HumanDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestHumanDurationBoundaries(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{-2 * time.Second, "<invalid>"},
		{-2*time.Second + 1, "0s"},
		{0, "0s"},
		{time.Second - time.Millisecond, "0s"},
		{2*time.Minute - time.Millisecond, "119s"},
		{2 * time.Minute, "2m"},
		{2*time.Minute + time.Second, "2m1s"},
		{10*time.Minute - time.Millisecond, "9m59s"},
		{10 * time.Minute, "10m"},
		{10*time.Minute + time.Second, "10m"},
		{3*time.Hour - time.Millisecond, "179m"},
		{3 * time.Hour, "3h"},
		{3*time.Hour + time.Minute, "3h1m"},
		{8*time.Hour - time.Millisecond, "7h59m"},
		{8 * time.Hour, "8h"},
		{8*time.Hour + 59*time.Minute, "8h"},
		{2*24*time.Hour - time.Millisecond, "47h"},
		{2 * 24 * time.Hour, "2d"},
		{2*24*time.Hour + time.Hour, "2d1h"},
		{8*24*time.Hour - time.Millisecond, "7d23h"},
		{8 * 24 * time.Hour, "8d"},
		{8*24*time.Hour + 23*time.Hour, "8d"},
		{2*365*24*time.Hour - time.Millisecond, "729d"},
		{2 * 365 * 24 * time.Hour, "2y"},
		{2*365*24*time.Hour + 23*time.Hour, "2y"},
		{2*365*24*time.Hour + 23*time.Hour + 59*time.Minute, "2y"},
		{2*365*24*time.Hour + 24*time.Hour - time.Millisecond, "2y"},
		{2*365*24*time.Hour + 24*time.Hour, "2y1d"},
		{3 * 365 * 24 * time.Hour, "3y"},
		{4 * 365 * 24 * time.Hour, "4y"},
		{5 * 365 * 24 * time.Hour, "5y"},
		{6 * 365 * 24 * time.Hour, "6y"},
		{7 * 365 * 24 * time.Hour, "7y"},
		{8*365*24*time.Hour - time.Millisecond, "7y364d"},
		{8 * 365 * 24 * time.Hour, "8y"},
		{8*365*24*time.Hour + 364*24*time.Hour, "8y"},
		{9 * 365 * 24 * time.Hour, "9y"},
	}
	for _, tt := range tests {
		if got := HumanDuration(tt.d); got != tt.want {
			t.Errorf("HumanDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestShortHumanDurationBoundaries(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{-2 * time.Second, "<invalid>"},
		{-2*time.Second + 1, "0s"},
		{0, "0s"},
		{time.Second - time.Millisecond, "0s"},
		{time.Second, "1s"},
		{2*time.Second - time.Millisecond, "1s"},
		{time.Minute - time.Millisecond, "59s"},
		{time.Minute, "1m"},
		{2*time.Minute - time.Millisecond, "1m"},
		{time.Hour - time.Millisecond, "59m"},
		{time.Hour, "1h"},
		{2*time.Hour - time.Millisecond, "1h"},
		{24*time.Hour - time.Millisecond, "23h"},
		{24 * time.Hour, "1d"},
		{2*24*time.Hour - time.Millisecond, "1d"},
		{365*24*time.Hour - time.Millisecond, "364d"},
		{365 * 24 * time.Hour, "1y"},
		{2*365*24*time.Hour - time.Millisecond, "1y"},
		{2 * 365 * 24 * time.Hour, "2y"},
	}
	for _, tt := range tests {
		if got := shortHumanDuration(tt.d); got != tt.want {
			t.Errorf("ShortHumanDuration(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

func TestAge(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		ts   api.Time
		want string
	}{
		{api.Time{}, "<unknown>"},
		{api.NewTime(now.Add(-18 * time.Second)), "18s"},
		{api.NewTime(now.Add(-121 * time.Second)), "2m1s"},
		{api.NewTime(now.Add(-(10*24 + 5) * time.Hour)), "10d"},
		{api.NewTime(now.Add(5 * time.Second)), "<invalid>"},
	}
	for _, tt := range tests {
		if got := Age(tt.ts, now); got != tt.want {
			t.Errorf("Age(%v) = %q, want %q", tt.ts, got, tt.want)
		}
	}
}
