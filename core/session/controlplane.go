package session

import (
	"time"

	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/sim"
)

// ControllerManager is what the page shows of the kube-controller-manager
// process: whether it runs and leads, and, while a new run waits for the
// old one's Lease, who holds it and the tick the run may take it over at.
type ControllerManager struct {
	// State is "leading", "waiting" or "stopped".
	State    string `json:"state"`
	Identity string `json:"identity,omitempty"`
	Holder   string `json:"holder,omitempty"`
	// FreeAt is the first tick the Lease is expired for the waiting run
	// (15 s after it last saw the Lease change).
	FreeAt int64 `json:"freeAt,omitempty"`
}

func controllerManagerView(s *sim.Sim) *ControllerManager {
	st := s.ControllerManager()
	v := &ControllerManager{State: st.State, Identity: st.Identity, Holder: st.Holder}
	if st.State == "waiting" {
		v.FreeAt = int64(st.ValidUntil.Sub(clock.Epoch) / time.Second)
	}
	return v
}
