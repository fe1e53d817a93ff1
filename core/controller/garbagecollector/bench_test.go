package garbagecollector

import (
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/apiserver"
)

// BenchmarkBackgroundCascade1000Pods measures the collector deleting the
// 1,000 pods of a ReplicaSet deleted with the default propagation.
func BenchmarkBackgroundCascade1000Pods(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		e := newEnv(b)
		rs := create(e, replicaSet("web", "web"))
		for i := range 1000 {
			create(e, pod(fmt.Sprintf("web-%04d", i), ownerRef(rs)))
		}
		e.settle()
		e.delete(rsKind, "web", apiserver.DeletePropagationBackground)
		b.StartTimer()
		if _, err := e.c.Settle(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkOrphan1000Pods measures orphaning the 1,000 pods of a ReplicaSet
// (one JSON merge patch each).
func BenchmarkOrphan1000Pods(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		b.StopTimer()
		e := newEnv(b)
		rs := create(e, replicaSet("web", "web"))
		for i := range 1000 {
			create(e, pod(fmt.Sprintf("web-%04d", i), ownerRef(rs)))
		}
		e.settle()
		e.delete(rsKind, "web", apiserver.DeletePropagationOrphan)
		b.StartTimer()
		if _, err := e.c.Settle(); err != nil {
			b.Fatal(err)
		}
	}
}
