package cloud

import (
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// The cloud controller manager's node controller
// (k8s.io/cloud-provider controllers/node/node_controller.go).
const (
	// NodeControllerName is its name and its events' source
	// (EventSource{Component: "cloud-node-controller"}).
	NodeControllerName = "cloud-node-controller"
	// TaintExternalCloudProvider is the taint a kubelet started with
	// --cloud-provider=external registers its node with.
	TaintExternalCloudProvider = "node.cloudprovider.kubernetes.io/uninitialized"
	// ReasonSynced and MessageSynced are its event once a node is
	// initialized.
	ReasonSynced  = "Synced"
	MessageSynced = "Node synced successfully"
	// InstanceType is what the cloud says every machine is: the kind
	// provider's "kind-node".
	InstanceType = "kind-node"
	// DefaultInitDelay is how long the cloud's API takes to answer
	// InstanceMetadata: one tick.
	DefaultInitDelay = time.Second
)

// Instance is what the cloud knows of one of its machines.
type Instance struct {
	// ProviderID is "kind://docker/kubeplay/<node>", as the kind cloud
	// provider forms it.
	ProviderID string
	InternalIP string
}

// NodeController initializes the nodes whose kubelet runs with
// --cloud-provider=external: for a node that carries the uninitialized
// taint it asks the cloud for the machine's metadata (InstancesV2
// InstanceMetadata), then, in one update, sets spec.providerID and the
// instance-type labels and removes the taint (syncNode's node modifiers),
// sets status.addresses (updateNodeAddress), and records Synced "Node
// synced successfully". Until then no pod can be scheduled there: the
// taint is NoSchedule. Nodes without the taint are left alone (their
// labels are reconciled upstream; here they never change).
type NodeController struct {
	server *apiserver.Server
	nodes  *controller.Store
	clock  interface{ Now() time.Time }
	queue  *controller.Queue
	rec    *controller.Recorder
	lookup func(node string) (Instance, bool)
	delay  time.Duration
	asked  map[string]time.Time // node uid → when the cloud was asked
}

// NewNodeController returns the controller; lookup is the cloud's
// inventory of machines.
func NewNodeController(ctx *controller.Context, lookup func(node string) (Instance, bool)) *NodeController {
	nodeKind := api.NodeKind
	c := &NodeController{
		server: ctx.Server, nodes: ctx.Informers.Lister(nodeKind), clock: ctx.Clock, queue: ctx.NewQueue(),
		rec: ctx.Recorder(NodeControllerName, ""), lookup: lookup, delay: DefaultInitDelay, asked: map[string]time.Time{},
	}
	enqueue := func(obj api.Object) {
		if hasCloudTaint(obj.(*api.Node)) {
			c.queue.Add(controller.KeyOf(obj))
		}
	}
	ctx.Informers.AddHandler(nodeKind, controller.Handler{Add: enqueue, Update: func(_, cur api.Object) { enqueue(cur) }})
	return c
}

// Name implements controller.Controller.
func (c *NodeController) Name() string { return NodeControllerName }

// Queue implements controller.Controller.
func (c *NodeController) Queue() *controller.Queue { return c.queue }

// MaxRetries implements controller.Controller.
func (c *NodeController) MaxRetries() int { return 0 }

// Sync implements controller.Controller: syncNode.
func (c *NodeController) Sync(key string, ds *controller.Decisions) error {
	cur, ok := controller.GetAs[*api.Node](c.nodes, "", key)
	if !ok || !hasCloudTaint(cur) {
		return nil
	}
	now := c.clock.Now()
	at, asked := c.asked[cur.UID]
	if !asked {
		c.asked[cur.UID] = now
		c.queue.AddAfter(key, c.delay)
		ds.Add("CloudNodeController.syncNode", "taint "+TaintExternalCloudProvider+" present",
			"Initializing node "+key+" with cloud provider: InstanceMetadata asked").
			Say("cloud.askInstanceMetadata", controller.Name("node", key), controller.Name("taint", TaintExternalCloudProvider))
		return nil
	}
	if now.Before(at.Add(c.delay)) {
		c.queue.AddAfter(key, at.Add(c.delay).Sub(now))
		return nil
	}
	inst, ok := c.lookup(key)
	if !ok {
		// The machine is not the cloud's: nil metadata, skip the node.
		return nil
	}
	node := api.DeepCopy(cur)
	if node.Spec.ProviderID == "" {
		node.Spec.ProviderID = inst.ProviderID
	}
	if node.Labels == nil {
		node.Labels = map[string]string{}
	}
	node.Labels["beta.kubernetes.io/instance-type"] = InstanceType
	node.Labels["node.kubernetes.io/instance-type"] = InstanceType
	node.Spec.Taints = slices.DeleteFunc(node.Spec.Taints, func(t api.Taint) bool { return t.Key == TaintExternalCloudProvider })
	obj, err := c.server.Update(node)
	if err != nil {
		return err
	}
	node = obj.(*api.Node)
	// updateNodeAddress: the cloud's addresses, with the kubelet's
	// hostname when the cloud gives none.
	addrs := []api.NodeAddress{{Type: "InternalIP", Address: inst.InternalIP}, {Type: "Hostname", Address: node.Name}}
	if !slices.Equal(node.Status.Addresses, addrs) {
		node.Status.Addresses = addrs
		if _, err := c.server.UpdateStatus(node); err != nil {
			return err
		}
	}
	delete(c.asked, cur.UID)
	c.rec.Event(node, api.EventTypeNormal, ReasonSynced, MessageSynced)
	ds.Add("CloudNodeController.syncNode", "providerID "+inst.ProviderID+", instance type "+InstanceType+", InternalIP "+inst.InternalIP,
		"Successfully initialized node "+key+" with cloud provider: taint "+TaintExternalCloudProvider+" removed").
		Say("cloud.nodeInitialized", controller.Name("node", key), controller.Name("taint", TaintExternalCloudProvider))
	return nil
}

func hasCloudTaint(n *api.Node) bool {
	return slices.ContainsFunc(n.Spec.Taints, func(t api.Taint) bool { return t.Key == TaintExternalCloudProvider })
}
