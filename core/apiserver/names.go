package apiserver

import (
	"encoding/hex"
	"math/rand/v2"
)

// Name generation constants of names.SimpleNameGenerator
// (staging/src/k8s.io/apiserver/pkg/storage/names/generate.go).
const (
	maxNameLength          = 63
	randomLength           = 5
	MaxGeneratedNameLength = maxNameLength - randomLength // 58
)

// alphanums is utilrand's alphabet: no vowels, so generated names never
// spell words (k8s.io/apimachinery/pkg/util/rand).
const alphanums = "bcdfghjklmnpqrstvwxz2456789"

// maxNameGenerationAttempts is registry.maxNameGenerationCreateAttempts: how
// many generated names a create tries before giving up with AlreadyExists.
const maxNameGenerationAttempts = 8

// generateName models SimpleNameGenerator.GenerateName: base truncated to 58
// bytes plus five random characters, each drawn as utilrand.String draws it
// (one Intn(27) per character), from the seeded source.
func generateName(rng *rand.Rand, base string) string {
	if len(base) > MaxGeneratedNameLength {
		base = base[:MaxGeneratedNameLength]
	}
	b := make([]byte, len(base)+randomLength)
	copy(b, base)
	for i := len(base); i < len(b); i++ {
		b[i] = alphanums[rng.IntN(len(alphanums))]
	}
	return string(b)
}

// newUID returns a random (version 4, RFC 4122 variant) UUID in its canonical
// text form, as uuid.NewUUID does for rest.FillObjectMetaSystemFields, but
// drawn from the seeded source so a scenario replays with the same uids.
func newUID(rng *rand.Rand) string {
	var u [16]byte
	hi, lo := rng.Uint64(), rng.Uint64()
	for i := range 8 {
		u[i] = byte(hi >> (56 - 8*i))
		u[8+i] = byte(lo >> (56 - 8*i))
	}
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // variant 10
	var s [36]byte
	hex.Encode(s[0:8], u[0:4])
	s[8] = '-'
	hex.Encode(s[9:13], u[4:6])
	s[13] = '-'
	hex.Encode(s[14:18], u[6:8])
	s[18] = '-'
	hex.Encode(s[19:23], u[8:10])
	s[23] = '-'
	hex.Encode(s[24:36], u[10:16])
	return string(s[:])
}
