package controlplane

import (
	"fmt"
	"hash/fnv"
	"math/rand/v2"

	"github.com/kubeplay/kubeplay/core/scheduler"
)

// Hostname is the control-plane host: os.Hostname() of kube-apiserver,
// kube-controller-manager and kube-scheduler, which name their Leases'
// holders. It is the name kind gives the control-plane node of a cluster
// called "kubeplay" (the playground draws no control-plane node), the one
// the scheduler's events already carry.
const Hostname = scheduler.Hostname

// Stream returns a random source of its own for one process run, derived
// from the seed and a name, so the identities drawn from it change no other
// random value of the cluster (object uids, generated names).
func Stream(seed uint64, name string) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte("controlplane/" + name))
	return rand.New(rand.NewPCG(seed, h.Sum64()))
}

// NewUUID is uuid.NewUUID (google/uuid New): a version 4, RFC 4122
// variant uuid in canonical form.
func NewUUID(r *rand.Rand) string {
	a, b := r.Uint64(), r.Uint64()
	a = a&^0xf000 | 0x4000         // version 4
	b = b&^(0xc<<60) | (0x8 << 60) // RFC 4122 variant
	return fmt.Sprintf("%08x-%04x-%04x-%04x-%012x", a>>32, (a>>16)&0xffff, a&0xffff, b>>48, b&0xffffffffffff)
}

// Identity is the holderIdentity kube-controller-manager and kube-scheduler
// elect with: "<hostname>_<uuid>" (controllermanager.go Run: id + "_" +
// uuid.NewUUID(); kube-scheduler's makeLeaderElectionConfig), the uuid drawn
// anew by each run of the process.
func Identity(seed uint64, component string, run int) string {
	return Hostname + "_" + NewUUID(Stream(seed, fmt.Sprintf("%s/%d", component, run)))
}
