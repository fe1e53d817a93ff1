package nodelease_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/cluster"
	"github.com/kubeplay/kubeplay/core/kubelet/nodelease"
	"github.com/kubeplay/kubeplay/core/kubelet/nodestatus"
)

// The first renewal creates the Lease without owners (no Node yet); the
// next, once the Node exists, renews it and adds the Node as owner.
func TestRenewLease(t *testing.T) {
	c := cluster.New(cluster.DefaultSeed)
	if err := nodelease.RenewLease(c.API, c.Clock, "node-1"); err != nil {
		t.Fatal(err)
	}
	l, err := apiserver.GetAs[*api.Lease](c.API, "kube-node-lease", "node-1")
	if err != nil {
		t.Fatal(err)
	}
	if *l.Spec.HolderIdentity != "node-1" || *l.Spec.LeaseDurationSeconds != 40 || !l.Spec.RenewTime.Equal(c.Clock.Now()) ||
		len(l.OwnerReferences) != 0 {
		t.Errorf("lease %+v", l)
	}
	if _, err := c.CreateNode(cluster.NewNode(cluster.NodeOptions{Name: "node-1"}, nodestatus.PodCIDR(1))); err != nil {
		t.Fatal(err)
	}
	c.Clock.Advance(10 * time.Second)
	if err := nodelease.RenewLease(c.API, c.Clock, "node-1"); err != nil {
		t.Fatal(err)
	}
	l, _ = apiserver.GetAs[*api.Lease](c.API, "kube-node-lease", "node-1")
	node, _ := apiserver.GetAs[*api.Node](c.API, "", "node-1")
	if !l.Spec.RenewTime.Equal(c.Clock.Now()) || len(l.OwnerReferences) != 1 ||
		l.OwnerReferences[0] != (api.OwnerReference{APIVersion: "v1", Kind: "Node", Name: "node-1", UID: node.UID}) {
		t.Errorf("renewed lease %+v", l)
	}
	b, _ := json.Marshal(l.Spec)
	if want := `{"holderIdentity":"node-1","leaseDurationSeconds":40,"renewTime":"2026-01-01T00:00:10.000000Z"}`; string(b) != want {
		t.Errorf("spec %s, want %s", b, want)
	}
}
