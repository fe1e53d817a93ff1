package apiserver

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// TestDropDisabledPodFields: a field behind a gate that v1.37 leaves off
// is cleared on create, and kept on update when the stored object already
// had it (dropDisabledFields' "in use" rule).
func TestDropDisabledPodFields(t *testing.T) {
	withGated := func() *api.PodSpec {
		sig := api.Signal("SIGUSR1")
		return &api.PodSpec{
			Volumes:            []api.Volume{{Name: "v", VolumeSource: api.VolumeSource{EmptyDir: &api.EmptyDirVolumeSource{Mode: ptr(int32(0700))}}}},
			Containers:         []api.Container{{Name: "c", Lifecycle: &api.Lifecycle{StopSignal: &sig}}},
			EvictionResponders: []api.EvictionResponder{{Name: "r"}},
		}
	}
	s := withGated()
	dropDisabledPodFields(s, nil)
	if s.Volumes[0].EmptyDir.Mode != nil || s.Containers[0].Lifecycle != nil || s.EvictionResponders != nil {
		t.Errorf("create kept gated fields: %+v", s)
	}

	s, old := withGated(), withGated()
	dropDisabledPodFields(s, old)
	if s.Volumes[0].EmptyDir.Mode == nil || s.Containers[0].Lifecycle == nil || s.EvictionResponders == nil {
		t.Errorf("update dropped fields the stored object uses: %+v", s)
	}
}
