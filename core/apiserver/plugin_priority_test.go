package apiserver

import (
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

func TestPriorityAdmission(t *testing.T) {
	tests := []struct {
		name     string
		mutate   func(p *api.Pod)
		priority int32
		class    string
		err      string
	}{
		{"no class", func(*api.Pod) {}, 0, "", ""},
		{"system-cluster-critical", func(p *api.Pod) { p.Spec.PriorityClassName = "system-cluster-critical" }, 2000000000, "system-cluster-critical", ""},
		{"system-node-critical", func(p *api.Pod) { p.Spec.PriorityClassName = "system-node-critical" }, 2000001000, "system-node-critical", ""},
		{"the computed value may be written", func(p *api.Pod) {
			p.Spec.Priority, p.Spec.PreemptionPolicy = ptr(int32(0)), ptr(api.PreemptLowerPriority)
		}, 0, "", ""},
		{"unknown class", func(p *api.Pod) { p.Spec.PriorityClassName = "high" }, 0, "",
			`Error from server (Forbidden): pods "web" is forbidden: no PriorityClass with name high was found`},
		{"own priority", func(p *api.Pod) { p.Spec.Priority = ptr(int32(1000)) }, 0, "",
			`Error from server (Forbidden): pods "web" is forbidden: the integer value of priority (1000) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name`},
		{"own preemption policy", func(p *api.Pod) { p.Spec.PreemptionPolicy = ptr(api.PreemptNever) }, 0, "",
			`Error from server (Forbidden): pods "web" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name`},
	}
	for _, tt := range tests {
		s := newTestServer(1)
		pod := testPod("web", "")
		tt.mutate(pod)
		got, err := s.Create(pod)
		if tt.err != "" {
			if KubectlMessage(err) != tt.err {
				t.Errorf("%s:\n got  %s\n want %s", tt.name, KubectlMessage(err), tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		p := got.(*api.Pod)
		if p.Spec.Priority == nil || *p.Spec.Priority != tt.priority || p.Spec.PriorityClassName != tt.class ||
			p.Spec.PreemptionPolicy == nil || *p.Spec.PreemptionPolicy != api.PreemptLowerPriority {
			t.Errorf("%s: priority %v class %q policy %v, want %d %q PreemptLowerPriority", tt.name,
				p.Spec.Priority, p.Spec.PriorityClassName, p.Spec.PreemptionPolicy, tt.priority, tt.class)
		}
	}
}

// TestPriorityAdmissionUpdate: an update that leaves priority and
// preemptionPolicy out keeps the stored ones; changing them is a pod spec
// change validation forbids.
func TestPriorityAdmissionUpdate(t *testing.T) {
	s := newTestServer(1)
	p := mustCreate(t, s, testPod("web", ""))
	p.Spec.Priority, p.Spec.PreemptionPolicy = nil, nil
	p.Labels["tier"] = "front"
	p = must(t)(s.Update(p)).(*api.Pod)
	if p.Spec.Priority == nil || *p.Spec.Priority != 0 || p.Spec.PreemptionPolicy == nil {
		t.Errorf("update lost the admitted fields: %v %v", p.Spec.Priority, p.Spec.PreemptionPolicy)
	}
	p.Spec.Priority = ptr(int32(5))
	if _, err := s.Update(p); !IsInvalid(err) {
		t.Errorf("changing the priority: %v", err)
	}
	// The status endpoint is not admitted.
	p = must(t)(s.Get(pods, "default", "web")).(*api.Pod)
	p.Status.Phase = api.PodRunning
	must(t)(s.UpdateStatus(p))
}
