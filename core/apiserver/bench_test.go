package apiserver

import (
	"strconv"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
)

// BenchmarkCreate1000 creates 1,000 Deployments on a fresh server: the
// whole admission chain (defaults, namespace, registry, validation) plus
// storage and the watch log, per object.
func BenchmarkCreate1000(b *testing.B) {
	objs := make([]*api.Deployment, 1000)
	for i := range objs {
		objs[i] = testDeployment("web-" + strconv.Itoa(i))
	}
	b.ReportAllocs()
	for b.Loop() {
		s := newTestServer(1)
		for _, d := range objs {
			if _, err := s.Create(d); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkList lists 1,000 pods (all copied out) and, separately, selects
// 100 of them by label.
func BenchmarkList(b *testing.B) {
	s := newTestServer(1)
	for i := range 1000 {
		p := testPod("p-"+strconv.Itoa(i), "node-1")
		p.Labels = map[string]string{"app": "web", "shard": strconv.Itoa(i % 10)}
		if _, err := s.Create(p); err != nil {
			b.Fatal(err)
		}
	}
	b.Run("all", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			l, _ := s.List(pods, "default", nil)
			if len(l.Items) != 1000 {
				b.Fatal(len(l.Items))
			}
		}
	})
	sel, _ := labels.Parse("shard=3")
	b.Run("selector", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			l, _ := s.List(pods, "", sel)
			if len(l.Items) != 100 {
				b.Fatal(len(l.Items))
			}
		}
	})
}

// BenchmarkUpdateStatus measures the hot path of controllers and kubelets:
// a status write on one of 1,000 pods.
func BenchmarkUpdateStatus(b *testing.B) {
	s := newTestServer(1)
	for i := range 1000 {
		if _, err := s.Create(testPod("p-"+strconv.Itoa(i), "node-1")); err != nil {
			b.Fatal(err)
		}
	}
	p, _ := GetAs[*api.Pod](s, "default", "p-500")
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		p.ResourceVersion = ""
		p.Status.Message = strconv.Itoa(i)
		if _, err := s.UpdateStatus(p); err != nil {
			b.Fatal(err)
		}
	}
}
