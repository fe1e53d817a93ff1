package controller

import (
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
)

// ComputeHash models controller.ComputeHash (pkg/controller/controller_utils.go):
// the pod-template-hash a Deployment stamps on the ReplicaSet it creates for
// a template, and on that ReplicaSet's selector, template labels and name.
//
// The recipe has upstream's shape:
//   - FNV-1a 32-bit over a deterministic dump of the whole template;
//   - if collisionCount is set, 8 more bytes: the count as a little-endian
//     uint32 followed by 4 zero bytes (upstream writes an 8-byte buffer of
//     which PutUint32 fills the first half), so every bump of
//     status.collisionCount yields a fresh hash;
//   - the uint32 printed in decimal, each digit mapped through
//     SafeEncodeString's alphabet, so hashes are 1–10 characters from
//     "4 5 6 7 8 9 b c d f" (e.g. "75675f5897").
//
// The dump differs: upstream hashes go-spew's %#v rendering of the Go struct,
// which depends on the exact field set of a Kubernetes release. Kubeplay
// hashes the template's JSON (struct fields in declaration order, map keys
// sorted), which is canonical and deterministic. So a hash here has the same
// form as a real cluster's but not the same value for the same template.
func ComputeHash(template *api.PodTemplateSpec, collisionCount *int32) string {
	h := fnv.New32a()
	data, err := json.Marshal(template)
	if err != nil {
		// API types hold only strings, integers, booleans, maps, slices and
		// timestamps, which always marshal; failing here is a programming
		// error in the types, not a runtime condition.
		panic("controller: hashing pod template: " + err.Error())
	}
	h.Write(data)
	if collisionCount != nil {
		buf := make([]byte, 8)
		binary.LittleEndian.PutUint32(buf, uint32(*collisionCount))
		h.Write(buf)
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
