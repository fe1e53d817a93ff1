package api

import "github.com/kubeplay/kubeplay/core/api/resource"

// PodQOSClass is a pod's quality of service class (v1.PodQOSClass).
type PodQOSClass string

// The QoS classes.
const (
	PodQOSGuaranteed PodQOSClass = "Guaranteed"
	PodQOSBurstable  PodQOSClass = "Burstable"
	PodQOSBestEffort PodQOSClass = "BestEffort"
)

// ComputePodQOS models ComputePodQOS (pkg/apis/core/helper/qos), which
// podStrategy.PrepareForCreate writes to status.qosClass and kubectl
// describe falls back on (kubectl's util/qos):
//   - no cpu or memory request or limit above zero in any container:
//     BestEffort;
//   - every container limits both cpu and memory, and the summed requests
//     equal the summed limits for each: Guaranteed;
//   - anything else: Burstable.
func ComputePodQOS(pod *Pod) PodQOSClass {
	requests := map[ResourceName]resource.Quantity{}
	limits := map[ResourceName]resource.Quantity{}
	guaranteed := true
	containers := append(append([]Container(nil), pod.Spec.Containers...), pod.Spec.InitContainers...)
	add := func(m map[ResourceName]resource.Quantity, name ResourceName, q resource.Quantity) {
		sum := m[name]
		sum.Add(q)
		m[name] = sum
	}
	for _, c := range containers {
		for name, q := range c.Resources.Requests {
			if isQoSComputeResource(name) && q.Sign() > 0 {
				add(requests, name, q)
			}
		}
		cpu, mem := false, false
		for name, q := range c.Resources.Limits {
			if isQoSComputeResource(name) && q.Sign() > 0 {
				add(limits, name, q)
				cpu = cpu || name == ResourceCPU
				mem = mem || name == ResourceMemory
			}
		}
		if !cpu || !mem {
			guaranteed = false
		}
	}
	if len(requests) == 0 && len(limits) == 0 {
		return PodQOSBestEffort
	}
	if guaranteed {
		for name, req := range requests {
			if lim, ok := limits[name]; !ok || lim.Cmp(req) != 0 {
				guaranteed = false
				break
			}
		}
	}
	if guaranteed && len(requests) == len(limits) {
		return PodQOSGuaranteed
	}
	return PodQOSBurstable
}

func isQoSComputeResource(name ResourceName) bool {
	return name == ResourceCPU || name == ResourceMemory
}
