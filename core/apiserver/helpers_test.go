package apiserver

import (
	"math/rand/v2"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/clock"
)

func ptr[T any](v T) *T { return &v }

// newTestServer returns a server on a fresh virtual clock with a seeded source.
func newTestServer(seed uint64) *Server {
	s, _ := newTestServerClock(seed)
	return s
}

func newTestServerClock(seed uint64) (*Server, *clock.Clock) {
	c := clock.New(clock.Epoch)
	return New(c, rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))), c
}

func testDeployment(name string) *api.Deployment {
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: ptr(int32(2)),
			Selector: &api.LabelSelector{MatchLabels: map[string]string{"app": name}},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: map[string]string{"app": name}},
				Spec:       api.PodSpec{Containers: []api.Container{{Name: "app", Image: "nginx:1.27"}}},
			},
		},
	}
}

func testPod(name, node string) *api.Pod {
	return &api.Pod{
		ObjectMeta: api.ObjectMeta{Name: name, Namespace: "default", Labels: map[string]string{"app": "web"}},
		Spec:       api.PodSpec{NodeName: node, Containers: []api.Container{{Name: "app", Image: "nginx:1.27"}}},
	}
}

func testPodGenerate(base string) *api.Pod {
	p := testPod("", "")
	p.GenerateName = base
	return p
}

// pinnedDraws are the first draws of seed 1: two generated names, a uid.
var pinnedDraws = []string{"web-8z76x", "web-m8x5n", "4fa72f0d-7900-463c-9d7f-035642034103"}
