package controller

import (
	"encoding/binary"
	"hash/fnv"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller/podhash"
)

// ComputeHash models controller.ComputeHash (pkg/controller/controller_utils.go):
// the pod-template-hash a Deployment stamps on the ReplicaSet it creates for
// a template, and on that ReplicaSet's selector, template labels and name.
//
// The value is a real v1.37 cluster's for the same manifest:
//   - FNV-1a 32-bit over hashutil.DeepHashObject's input, go-spew's dump of
//     the v1.PodTemplateSpec as kube-controller-manager holds it, which
//     podhash.Dump reproduces byte for byte (the vectors in
//     podhash/testdata come from the real function);
//   - if collisionCount is set, 8 more bytes: the count as a little-endian
//     uint32 followed by 4 zero bytes (upstream writes an 8-byte buffer of
//     which PutUint32 fills the first half), so every bump of
//     status.collisionCount yields a fresh hash;
//   - the uint32 printed in decimal, each digit mapped through
//     SafeEncodeString's alphabet, so hashes are 1–10 characters from
//     "4 5 6 7 8 9 b c d f" (e.g. "549cbb9bcd").
func ComputeHash(template *api.PodTemplateSpec, collisionCount *int32) string {
	h := fnv.New32a()
	podhash.Write(h, template)
	if collisionCount != nil {
		var count [8]byte
		binary.LittleEndian.PutUint32(count[:], uint32(*collisionCount))
		h.Write(count[:])
	}
	return safeEncodeString(strconv.FormatUint(uint64(h.Sum32()), 10))
}

// safeAlphanums is k8s.io/apimachinery/pkg/util/rand's alphabet: no vowels
// (so no words) and no look-alikes such as 0/o, 1/l, 3/e.
const safeAlphanums = "bcdfghjklmnpqrstvwxz2456789"

// safeEncodeString models rand.SafeEncodeString: each byte of s becomes
// safeAlphanums[byte % 27]. For decimal digits that is 0→4, 1→5, 2→6, 3→7,
// 4→8, 5→9, 6→b, 7→c, 8→d, 9→f.
func safeEncodeString(s string) string {
	r := make([]byte, len(s))
	for i := range len(s) {
		r[i] = safeAlphanums[int(s[i])%len(safeAlphanums)]
	}
	return string(r)
}
