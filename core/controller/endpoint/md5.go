package endpoint

import (
	"encoding/binary"
	"math/bits"
)

// md5Sum is MD5 (RFC 1321), the hash SortSubsets orders by. It is written
// out here because importing crypto/md5 links Go's FIPS 140 module behind
// it (SHA-2, SHA-3, HMAC, AES, a DRBG: some 92 KB of the wasm) for a hash
// used only to order a few ports and subsets. md5_test.go checks it
// against crypto/md5.
func md5Sum(data []byte) [16]byte {
	a, b, c, d := uint32(0x67452301), uint32(0xefcdab89), uint32(0x98badcfe), uint32(0x10325476)

	// The message, a 1 bit, zeros to 56 bytes mod 64, the bit length.
	n := len(data)
	msg := make([]byte, 0, (n+8)/64*64+64)
	msg = append(msg, data...)
	msg = append(msg, 0x80)
	for len(msg)%64 != 56 {
		msg = append(msg, 0)
	}
	msg = binary.LittleEndian.AppendUint64(msg, uint64(n)<<3)

	var x [16]uint32
	for block := msg; len(block) > 0; block = block[64:] {
		for i := range x {
			x[i] = binary.LittleEndian.Uint32(block[4*i:])
		}
		aa, bb, cc, dd := a, b, c, d
		for i := range 64 {
			var f uint32
			var g int
			switch i / 16 {
			case 0:
				f, g = (b&c)|(^b&d), i
			case 1:
				f, g = (b&d)|(c&^d), (5*i+1)%16
			case 2:
				f, g = b^c^d, (3*i+5)%16
			default:
				f, g = c^(b|^d), (7*i)%16
			}
			a, b, c, d = d, b+bits.RotateLeft32(a+f+md5K[i]+x[g], md5S[i/16][i%4]), b, c
		}
		a, b, c, d = a+aa, b+bb, c+cc, d+dd
	}
	var sum [16]byte
	binary.LittleEndian.PutUint32(sum[0:], a)
	binary.LittleEndian.PutUint32(sum[4:], b)
	binary.LittleEndian.PutUint32(sum[8:], c)
	binary.LittleEndian.PutUint32(sum[12:], d)
	return sum
}

// md5S are the per-round rotation amounts (RFC 1321, 3.4).
var md5S = [4][4]int{{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}}

// md5K[i] is floor(abs(sin(i+1)) * 2^32) (RFC 1321, 3.4, the table T).
var md5K = [64]uint32{
	0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
	0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
	0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
	0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
	0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
	0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
	0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
	0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391,
}
