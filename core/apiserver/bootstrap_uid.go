package apiserver

import (
	"encoding/hex"
	"hash/fnv"

	"github.com/kubeplay/kubeplay/core/api"
)

// CreateBootstrap creates an object the cluster is born with (an addon a
// kind cluster installs, such as the default StorageClass) with a uid
// derived from its kind and name instead of one drawn from the seeded
// source, so adding such an object leaves the names and uids of
// everything a scenario creates later unchanged.
func (s *Server) CreateBootstrap(obj api.Object) (api.Object, error) {
	k := api.KindOf(obj)
	m := obj.GetObjectMeta()
	h := fnv.New128a()
	h.Write([]byte(k.GroupKind() + "/" + m.Namespace + "/" + m.Name))
	u := h.Sum(nil)
	u[6] = u[6]&0x0f | 0x50 // version 5: name-based
	u[8] = u[8]&0x3f | 0x80
	var b [36]byte
	hex.Encode(b[0:8], u[0:4])
	b[8] = '-'
	hex.Encode(b[9:13], u[4:6])
	b[13] = '-'
	hex.Encode(b[14:18], u[6:8])
	b[18] = '-'
	hex.Encode(b[19:23], u[8:10])
	b[23] = '-'
	hex.Encode(b[24:36], u[10:16])
	s.fixedUID = string(b[:])
	defer func() { s.fixedUID = "" }()
	return s.Create(obj)
}
