package api

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api/resource"
)

func TestPodQOS(t *testing.T) {
	rl := func(kv ...string) ResourceList {
		l := ResourceList{}
		for i := 0; i < len(kv); i += 2 {
			l[ResourceName(kv[i])] = resource.MustParse(kv[i+1])
		}
		return l
	}
	ctr := func(req, lim ResourceList) Container {
		return Container{Name: "c", Image: "i", Resources: ResourceRequirements{Requests: req, Limits: lim}}
	}
	cases := []struct {
		name       string
		containers []Container
		want       PodQOSClass
	}{
		{"nothing", []Container{ctr(nil, nil)}, PodQOSBestEffort},
		{"zero requests", []Container{ctr(rl("cpu", "0"), nil)}, PodQOSBestEffort},
		{"only other resources", []Container{ctr(rl("pods", "1"), nil)}, PodQOSBestEffort},
		{"requests only", []Container{ctr(rl("cpu", "100m"), nil)}, PodQOSBurstable},
		{"equal requests and limits", []Container{ctr(rl("cpu", "1", "memory", "1Gi"), rl("cpu", "1000m", "memory", "1Gi"))}, PodQOSGuaranteed},
		{"limits only (requests default to them)", []Container{ctr(nil, rl("cpu", "1", "memory", "1Gi"))}, PodQOSBurstable},
		{"cpu limit only", []Container{ctr(rl("cpu", "1"), rl("cpu", "1"))}, PodQOSBurstable},
		{"requests below limits", []Container{ctr(rl("cpu", "500m", "memory", "1Gi"), rl("cpu", "1", "memory", "1Gi"))}, PodQOSBurstable},
		{"one guaranteed, one best effort", []Container{
			ctr(rl("cpu", "1", "memory", "1Gi"), rl("cpu", "1", "memory", "1Gi")), ctr(nil, nil)}, PodQOSBurstable},
	}
	for _, c := range cases {
		pod := &Pod{Spec: PodSpec{Containers: c.containers}}
		if got := ComputePodQOS(pod); got != c.want {
			t.Errorf("%s: ComputePodQOS = %s, want %s", c.name, got, c.want)
		}
	}
}
