package apiserver

import (
	"encoding/json"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// The RuntimeClass plugin on pod creation: missing classes, overhead and
// scheduling, with upstream's errors (admission_test.go's cases).
func TestRuntimeClassAdmission(t *testing.T) {
	s := newTestServer(1)
	for _, rc := range []*api.RuntimeClass{
		{ObjectMeta: api.ObjectMeta{Name: "runc"}, Handler: "runc"},
		{ObjectMeta: api.ObjectMeta{Name: "gvisor"}, Handler: "runsc",
			Overhead: &api.Overhead{PodFixed: api.ResourceList{"cpu": resource.MustParse("250m"), "memory": resource.MustParse("120Mi")}},
			Scheduling: &api.Scheduling{NodeSelector: map[string]string{"sandbox": "gvisor"},
				Tolerations: []api.Toleration{{Key: "sandbox", Operator: "Exists", Effect: "NoSchedule"}}}},
	} {
		if _, err := s.Create(rc); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name   string
		mutate func(p *api.Pod)
		spec   string // the admitted pod's overhead, nodeSelector and tolerations
		err    string
	}{
		{"no class", func(*api.Pod) {}, `{"tolerations":2}`, ""},
		{"a class without overhead or scheduling", func(p *api.Pod) { p.Spec.RuntimeClassName = ptr("runc") }, `{"tolerations":2}`, ""},
		{"missing class", func(p *api.Pod) { p.Spec.RuntimeClassName = ptr("kata") }, "",
			`Error from server (Forbidden): pods "web" is forbidden: pod rejected: RuntimeClass "kata" not found`},
		{"missing class, generated name", func(p *api.Pod) {
			p.Name, p.GenerateName, p.Spec.RuntimeClassName = "", "web-6cf59cb846-", ptr("kata")
		}, "", `Error from server (Forbidden): pods "web-6cf59cb846-" is forbidden: pod rejected: RuntimeClass "kata" not found`},
		{"overhead and scheduling merged", func(p *api.Pod) {
			p.Spec.RuntimeClassName = ptr("gvisor")
			p.Spec.NodeSelector = map[string]string{"disk": "ssd"}
		}, `{"nodeSelector":{"disk":"ssd","sandbox":"gvisor"},"overhead":{"cpu":"250m","memory":"120Mi"},"tolerations":3}`, ""},
		{"the same overhead may be given", func(p *api.Pod) {
			p.Spec.RuntimeClassName = ptr("gvisor")
			p.Spec.Overhead = api.ResourceList{"cpu": resource.MustParse("250m"), "memory": resource.MustParse("120Mi")}
		}, `{"nodeSelector":{"sandbox":"gvisor"},"overhead":{"cpu":"250m","memory":"120Mi"},"tolerations":3}`, ""},
		{"another overhead", func(p *api.Pod) {
			p.Spec.RuntimeClassName = ptr("gvisor")
			p.Spec.Overhead = api.ResourceList{"cpu": resource.MustParse("1")}
		}, "", `Error from server (Forbidden): pods "web" is forbidden: pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead`},
		{"overhead without a class that defines one", func(p *api.Pod) {
			p.Spec.Overhead = api.ResourceList{"cpu": resource.MustParse("1")}
		}, "", `Error from server (Forbidden): pods "web" is forbidden: pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead`},
		{"nodeSelector conflict", func(p *api.Pod) {
			p.Spec.RuntimeClassName = ptr("gvisor")
			p.Spec.NodeSelector = map[string]string{"sandbox": "kata"}
		}, "", `Error from server (Forbidden): pods "web" is forbidden: conflict: runtimeClass.scheduling.nodeSelector[sandbox] = gvisor; pod.spec.nodeSelector[sandbox] = kata`},
		{"a pod toleration covering the class's", func(p *api.Pod) {
			p.Spec.RuntimeClassName = ptr("gvisor")
			p.Spec.Tolerations = []api.Toleration{{Operator: "Exists"}}
		}, `{"nodeSelector":{"sandbox":"gvisor"},"overhead":{"cpu":"250m","memory":"120Mi"},"tolerations":1}`, ""},
	}
	for _, tt := range tests {
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
		sum := map[string]any{"tolerations": len(p.Spec.Tolerations)}
		if p.Spec.Overhead != nil {
			sum["overhead"] = p.Spec.Overhead
		}
		if p.Spec.NodeSelector != nil {
			sum["nodeSelector"] = p.Spec.NodeSelector
		}
		b, _ := json.Marshal(sum)
		if string(b) != tt.spec {
			t.Errorf("%s: admitted %s, want %s", tt.name, b, tt.spec)
		}
		if _, _, err := s.Delete(api.KindOf(p), "default", p.Name, nil); err != nil {
			t.Fatal(err)
		}
	}
}
