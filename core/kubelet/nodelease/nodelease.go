// Package nodelease is the kubelet's node lease controller
// (k8s.io/component-helpers/apimachinery/lease/controller.go, configured by
// pkg/kubelet/kubelet.go): the heartbeat a kubelet writes to
// kube-node-lease/<node> between node status updates. It belongs to the node
// agent; the node lifecycle controller only reads the Lease.
package nodelease

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
)

const (
	// Namespace holds one Lease per node, named after it
	// (v1.NamespaceNodeLease).
	Namespace = "kube-node-lease"
	// DurationSeconds is the kubelet's nodeLeaseDurationSeconds
	// default.
	DurationSeconds int32 = 40
	// RenewInterval is how often the kubelet renews its lease: a
	// quarter of the duration (kubelet.go: renewInterval =
	// leaseDuration * 0.25), 10 s.
	RenewInterval = 10 * time.Second
)

// RenewLease creates or renews the Lease kube-node-lease/<nodeName> the
// way a kubelet does (lease controller ensureLease / retryUpdateLease /
// newLease, with the kubelet's setNodeOwnerFunc):
//
//	metadata: {name: <node>, namespace: kube-node-lease,
//	           ownerReferences: [{apiVersion: v1, kind: Node, name: <node>, uid: <node uid>}]}
//	spec:     {holderIdentity: <node>, leaseDurationSeconds: 40, renewTime: <now>}
//
// The owner reference is added once the Node exists, so the garbage
// collector deletes the lease with its node. The kubelet calls this every
// RenewInterval; the node lifecycle controller reads renewTime.
func RenewLease(s *apiserver.Server, clk clock.Source, nodeName string) error {
	now := api.MicroTime{Time: api.NewTime(clk.Now())}
	lease, err := apiserver.GetAs[*api.Lease](s, Namespace, nodeName)
	switch {
	case apiserver.IsNotFound(err):
		holder, duration := nodeName, DurationSeconds
		lease = &api.Lease{
			ObjectMeta: api.ObjectMeta{Name: nodeName, Namespace: Namespace},
			Spec:       api.LeaseSpec{HolderIdentity: &holder, LeaseDurationSeconds: &duration, RenewTime: &now},
		}
		setNodeOwner(s, lease, nodeName)
		_, err = s.Create(lease)
		return err
	case err != nil:
		return err
	}
	lease.Spec.RenewTime = &now
	setNodeOwner(s, lease, nodeName)
	_, err = s.Update(lease)
	return err
}

// setNodeOwner models the kubelet's setNodeOwnerFunc: a lease without
// owners gets its Node as owner, if the Node exists.
func setNodeOwner(s *apiserver.Server, lease *api.Lease, nodeName string) {
	if len(lease.OwnerReferences) > 0 {
		return
	}
	node, err := apiserver.GetAs[*api.Node](s, "", nodeName)
	if err != nil {
		return
	}
	lease.OwnerReferences = []api.OwnerReference{{APIVersion: "v1", Kind: "Node", Name: node.Name, UID: node.UID}}
}
