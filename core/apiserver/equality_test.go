package apiserver

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
	"github.com/kubeplay/kubeplay/core/clock"
)

func TestSemanticEqual(t *testing.T) {
	t0 := clock.Epoch
	cases := []struct {
		name string
		a, b any
		want bool
	}{
		{"nil and empty map", map[string]string(nil), map[string]string{}, true},
		{"nil and empty slice", []string(nil), []string{}, true},
		{"maps", map[string]string{"a": "b"}, map[string]string{"a": "c"}, false},
		{"quantities by value", resource.MustParse("1"), resource.MustParse("1000m"), true},
		{"quantities differ", resource.MustParse("1"), resource.MustParse("2"), false},
		{"times by instant", api.NewTime(t0), api.Time{Time: t0.In(time.FixedZone("x", 3600))}, true},
		{"times differ", api.NewTime(t0), api.NewTime(t0.Add(time.Second)), false},
		{"nil and set pointer", (*int32)(nil), ptr(int32(0)), false},
		{"pointers by value", ptr(int32(3)), ptr(int32(3)), true},
		{"specs", testDeployment("a").Spec, testDeployment("a").Spec, true},
		{"specs differ", testDeployment("a").Spec, testDeployment("b").Spec, false},
		{"different types", int32(1), int64(1), false},
		{"nil interfaces", nil, nil, true},
	}
	for _, c := range cases {
		if got := api.SemanticEqual(c.a, c.b); got != c.want {
			t.Errorf("%s: SemanticEqual = %v, want %v", c.name, got, c.want)
		}
	}
	// A JSON round trip (a patch) leaves an object semantically equal.
	s := newTestServer(1)
	d := mustCreate(t, s, testDeployment("web"))
	raw, _ := json.Marshal(d)
	var back api.Deployment
	if err := json.Unmarshal(raw, &back); err != nil {
		t.Fatal(err)
	}
	if !api.SemanticEqual(d, &back) {
		t.Errorf("JSON round trip changed the deployment:\n%+v\n%+v", d, &back)
	}
}

// Through the server, after defaulting: limits alone make requests equal
// to them, so the pod is Guaranteed (ComputePodQOS's cases are core/api's).
func TestPodQOSAfterDefaulting(t *testing.T) {
	s := newTestServer(1)
	p := testPod("g", "")
	p.Spec.Containers[0].Resources.Limits = api.ResourceList{"cpu": resource.MustParse("1"), "memory": resource.MustParse("1Gi")}
	got := mustCreate(t, s, p)
	if got.Status.QOSClass != string(api.PodQOSGuaranteed) {
		t.Errorf("limits-only pod after defaulting: qosClass %s, requests %v", got.Status.QOSClass,
			got.Spec.Containers[0].Resources.Requests)
	}
}

// TestDeterministicReplay: the same calls on two servers with the same seed
// and clock give identical stores and watch logs.
func TestDeterministicReplay(t *testing.T) {
	run := func() string {
		s, clk := newTestServerClock(77)
		w, _ := s.Watch(WatchOptions{ResourceVersion: "1"})
		for i := range 5 {
			clk.Advance(time.Second)
			s.Create(testPodGenerate("web-"))
			d := testDeployment("d" + string(rune('a'+i)))
			s.Create(d)
		}
		s.Delete(deployments, "default", "da", &DeleteOptions{PropagationPolicy: ptr(DeletePropagationForeground)})
		var out []byte
		for _, ev := range w.Drain() {
			b, _ := json.Marshal(ev.Object)
			out = append(out, string(ev.Type)...)
			out = append(out, b...)
		}
		return string(out)
	}
	if a, b := run(), run(); a != b {
		t.Errorf("two runs differ:\n%s\n%s", a, b)
	}
}
