package ttl

import (
	"fmt"
	"testing"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
)

// The annotation follows the cluster's size with upstream's boundaries:
// 0 s up to 100 nodes, 15 s past 100 (for nodes synced after that), and
// back to 0 only below 90, so a cluster near a bound does not flap.
func TestTTLFollowsClusterSize(t *testing.T) {
	c := cluster.New(1)
	c.Add(New(c.Context))
	create := func(i int) {
		n := cluster.NewNode(cluster.NodeOptions{Name: fmt.Sprintf("n%03d", i)}, "")
		delete(n.Annotations, Annotation)
		if _, err := c.API.Create(n); err != nil {
			t.Fatal(err)
		}
	}
	settle := func() {
		t.Helper()
		if _, err := c.Settle(); err != nil {
			t.Fatal(err)
		}
	}
	ttlOf := func(i int) string {
		n, err := apiserver.GetAs[*api.Node](c.API, "", fmt.Sprintf("n%03d", i))
		if err != nil {
			t.Fatal(err)
		}
		return n.Annotations[Annotation]
	}
	for i := 1; i <= 100; i++ {
		create(i)
	}
	settle()
	if got := ttlOf(1); got != "0" {
		t.Fatalf("100 nodes: ttl %q, want 0", got)
	}
	create(101)
	settle()
	if got, old := ttlOf(101), ttlOf(1); got != "15" || old != "0" {
		t.Fatalf("101 nodes: new node %q, untouched old node %q; want 15 and 0", got, old)
	}
	if _, err := c.API.Patch(nodeKind, "", "n001", apiserver.MergePatchType, []byte(`{"metadata":{"labels":{"x":"y"}}}`)); err != nil {
		t.Fatal(err)
	}
	settle()
	if got := ttlOf(1); got != "15" {
		t.Fatalf("an updated node keeps ttl %q, want 15", got)
	}
	del := func(i int) {
		if _, _, err := c.API.Delete(nodeKind, "", fmt.Sprintf("n%03d", i), nil); err != nil {
			t.Fatal(err)
		}
	}
	for i := 101; i > 90; i-- { // 90 nodes left: still at least sizeMin 90
		del(i)
	}
	settle()
	create(200)
	settle()
	if got := ttlOf(200); got != "15" {
		t.Fatalf("91 nodes after shrinking: ttl %q, want 15 (no flapping)", got)
	}
	del(200)
	del(90) // 89 nodes: below 90
	create(201)
	settle()
	if got := ttlOf(201); got != "0" {
		t.Fatalf("90 nodes after dropping below 90: ttl %q, want 0", got)
	}
}
