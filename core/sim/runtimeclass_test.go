package sim

import (
	"strings"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubelet/nodestatus"
)

// A Pod whose RuntimeClass names a handler its node's runtime lacks: the
// kubelet fails RunPodSandbox at once and every 10 s after, with the
// FailedCreatePodSandBox event, and the pod never gets an IP.
func TestSandboxWithoutHandler(t *testing.T) {
	s, err := New(Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.API.Create(&api.RuntimeClass{ObjectMeta: api.ObjectMeta{Name: "kata"}, Handler: "kata"}); err != nil {
		t.Fatal(err)
	}
	kata := "kata"
	pod := &api.Pod{ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.PodSpec{RuntimeClassName: &kata, NodeName: "node-1", Containers: []api.Container{{Name: "nginx", Image: "nginx:1.25"}}}}
	if _, err := s.API.Create(pod); err != nil {
		t.Fatal(err)
	}
	for range 25 {
		if err := s.Tick(); err != nil {
			t.Fatal(err)
		}
	}
	evs, _, _ := apiserver.ListAs[*api.Event](s.API, "default", nil)
	var count int32
	for _, e := range evs {
		if e.InvolvedObject.Name == "web" && e.Reason == "FailedCreatePodSandBox" {
			count = e.Count
			if want := `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "kata" is configured`; e.Message != want {
				t.Errorf("message %q, want %q", e.Message, want)
			}
		}
	}
	if count != 3 {
		t.Errorf("FailedCreatePodSandBox x%d, want x3 (0, 10, 20 s)", count)
	}
	p, _ := apiserver.GetAs[*api.Pod](s.API, "default", "web")
	if p.Status.PodIP != "" {
		t.Errorf("pod IP %s without a sandbox", p.Status.PodIP)
	}
	calls := s.Kubelet("node-1").CRILog(p)
	if len(calls) != 3 || calls[0].Call != "RunPodSandbox" || !strings.Contains(calls[0].Detail, `no runtime for "kata"`) {
		t.Errorf("CRI calls %+v", calls)
	}
	node, _ := apiserver.GetAs[*api.Node](s.API, "", "node-1")
	if hs := node.Status.RuntimeHandlers; len(hs) != 2 || hs[0].Name != nodestatus.DefaultRuntimeHandlers[0] || hs[1].Name != "" {
		t.Errorf("runtime handlers %+v", hs)
	}
}
