package endpoint

import (
	"crypto/md5"
	"encoding/hex"
	"math/rand/v2"
	"strings"
	"testing"
)

// The test suite of RFC 1321, appendix A.5.
func TestMD5Vectors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "d41d8cd98f00b204e9800998ecf8427e"},
		{"a", "0cc175b9c0f1b6a831c399e269772661"},
		{"abc", "900150983cd24fb0d6963f7d28e17f72"},
		{"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
		{"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
		{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"},
		{strings.Repeat("1234567890", 8), "57edf4a22be3c955ac49da2e2107b67a"},
	} {
		sum := md5Sum([]byte(c.in))
		if got := hex.EncodeToString(sum[:]); got != c.want {
			t.Errorf("md5Sum(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// Every length up to a few blocks (the padding's edge cases at 55, 56 and
// 64 bytes among them) and random longer inputs, against crypto/md5.
func TestMD5MatchesCryptoMD5(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	random := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	var inputs [][]byte
	for n := range 200 {
		inputs = append(inputs, random(n))
	}
	for range 100 {
		inputs = append(inputs, random(r.IntN(10000)))
	}
	for _, in := range inputs {
		if got, want := md5Sum(in), md5.Sum(in); got != want {
			t.Fatalf("md5Sum of %d bytes %x = %x, crypto/md5 says %x", len(in), in, got, want)
		}
	}
}

func BenchmarkMD5(b *testing.B) {
	data := []byte(`{"name":"http","port":8080,"protocol":"TCP","appProtocol":"http"}`)
	for b.Loop() {
		md5Sum(data)
	}
}
