package quota

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// A pod's overhead counts in its requests, and in its limits only where a
// container sets one (resourcehelper.PodRequests and PodLimits).
func TestPodOverhead(t *testing.T) {
	pod := &api.Pod{Spec: api.PodSpec{
		Containers: []api.Container{{Name: "a", Resources: api.ResourceRequirements{
			Requests: api.ResourceList{"cpu": resource.MustParse("500m"), "memory": resource.MustParse("256Mi")},
			Limits:   api.ResourceList{"cpu": resource.MustParse("1")},
		}}},
		Overhead: api.ResourceList{"cpu": resource.MustParse("250m"), "memory": resource.MustParse("120Mi")},
	}}
	req, lim := PodRequests(pod), PodLimits(pod)
	if c, m := req["cpu"], req["memory"]; c.String() != "750m" || m.String() != "376Mi" {
		t.Errorf("requests %v", req)
	}
	if c, ok := lim["cpu"]; !ok || c.String() != "1250m" {
		t.Errorf("limits %v", lim)
	}
	if _, ok := lim["memory"]; ok {
		t.Errorf("memory limit %v from the overhead alone", lim["memory"])
	}
}
