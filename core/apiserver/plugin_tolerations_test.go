package apiserver

import (
	"reflect"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
)

// withTolerationsPlugin puts DefaultTolerationSeconds where upstream runs
// it: after NamespaceLifecycle, before the registry's strategy.
func withTolerationsPlugin(s *Server) {
	var chain []Plugin
	for _, p := range s.Plugins {
		chain = append(chain, p)
		if p.Name() == "NamespaceLifecycle" {
			chain = append(chain, DefaultTolerationSeconds{})
		}
	}
	s.Plugins = chain
}

func TestDefaultTolerationSeconds(t *testing.T) {
	s := newTestServer(1)
	withTolerationsPlugin(s)
	p := mustCreate(t, s, testPod("web", ""))
	want := []api.Toleration{
		{Key: "node.kubernetes.io/not-ready", Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))},
		{Key: "node.kubernetes.io/unreachable", Operator: "Exists", Effect: api.TaintEffectNoExecute, TolerationSeconds: ptr(int64(300))},
	}
	if !reflect.DeepEqual(p.Spec.Tolerations, want) {
		t.Errorf("tolerations = %+v, want %+v", p.Spec.Tolerations, want)
	}
	// An update keeps them (and does not add them twice).
	p.Spec.Tolerations = append(p.Spec.Tolerations, api.Toleration{Key: "x", Operator: "Exists"})
	p = must(t)(s.Update(p)).(*api.Pod)
	if len(p.Spec.Tolerations) != 3 {
		t.Errorf("after update: %+v", p.Spec.Tolerations)
	}
}

func TestDefaultTolerationSecondsRespectsOwnTolerations(t *testing.T) {
	for _, tc := range []struct {
		name string
		own  []api.Toleration
		want int // tolerations after admission
	}{
		{"own unreachable, seconds kept", []api.Toleration{{Key: "node.kubernetes.io/unreachable", Operator: "Exists",
			Effect: api.TaintEffectNoExecute, TolerationSeconds: ptr(int64(6))}}, 2},
		{"empty key tolerates both", []api.Toleration{{Operator: "Exists"}}, 1},
		{"empty effect tolerates NoExecute", []api.Toleration{{Key: "node.kubernetes.io/not-ready", Operator: "Exists"}}, 2},
		{"NoSchedule does not count", []api.Toleration{{Key: "node.kubernetes.io/not-ready", Operator: "Exists",
			Effect: api.TaintEffectNoSchedule}}, 3},
	} {
		s := newTestServer(1)
		withTolerationsPlugin(s)
		pod := testPod("web", "")
		pod.Spec.Tolerations = tc.own
		got := mustCreate(t, s, pod)
		if len(got.Spec.Tolerations) != tc.want {
			t.Errorf("%s: tolerations = %+v, want %d", tc.name, got.Spec.Tolerations, tc.want)
		}
		if got.Spec.Tolerations[0].TolerationSeconds != nil && tc.own[0].TolerationSeconds != nil &&
			*got.Spec.Tolerations[0].TolerationSeconds != *tc.own[0].TolerationSeconds {
			t.Errorf("%s: the pod's own tolerationSeconds changed", tc.name)
		}
	}
}

func TestDefaultTolerationSecondsOnlyPods(t *testing.T) {
	s := newTestServer(1)
	withTolerationsPlugin(s)
	d := mustCreate(t, s, testDeployment("web"))
	if len(d.Spec.Template.Spec.Tolerations) != 0 {
		t.Errorf("a Deployment's template got tolerations: %+v", d.Spec.Template.Spec.Tolerations)
	}
	// Status writes are a subresource: untouched.
	p := mustCreate(t, s, testPod("web", "node-1"))
	a := &Attributes{Operation: OperationUpdate, Kind: mustKind("Pod"), Subresource: "status", Object: testPod("web", "node-1")}
	if err := (DefaultTolerationSeconds{}).Admit(a); err != nil || len(a.Object.(*api.Pod).Spec.Tolerations) != 0 {
		t.Errorf("status update admitted with tolerations %+v (err %v)", a.Object.(*api.Pod).Spec.Tolerations, err)
	}
	_ = p
}
