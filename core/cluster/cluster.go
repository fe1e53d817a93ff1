// Package cluster wires the simulated cluster together: it owns the virtual
// clock and the seeded random source every other actor draws from, so that
// (scenario, seed, tick) fully determines what the cluster looks like.
package cluster

import (
	"math/rand/v2"

	"github.com/kubeplay/kubeplay/core/clock"
)

// DefaultSeed is used when a scenario does not choose one.
const DefaultSeed uint64 = 1

// NewRand returns the deterministic random source for a seed. PCG is fast,
// small to snapshot, and its stream is stable across Go releases.
func NewRand(seed uint64) *rand.Rand {
	// The second PCG word is a fixed odd constant so seed 0 is as good as any.
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

// Cluster is the whole simulated cluster.
type Cluster struct {
	Clock *clock.Clock
	Rand  *rand.Rand
	seed  uint64
}

// New returns an empty cluster at the epoch, drawing randomness from seed.
func New(seed uint64) *Cluster {
	return &Cluster{Clock: clock.New(clock.Epoch), Rand: NewRand(seed), seed: seed}
}

// Seed returns the seed the cluster was created with.
func (c *Cluster) Seed() uint64 { return c.seed }
