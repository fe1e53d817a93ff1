// Package ttl models the TTL controller (pkg/controller/ttl): it keeps the
// node.alpha.kubernetes.io/ttl annotation of every Node at the TTL the
// cluster's size calls for, which kubelets use to cache the Secrets and
// ConfigMaps their pods mount. Every cluster up to 100 nodes gets 0.
package ttl

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the controller's name (names.TTLController). It records no
// events.
const Name = "ttl-controller"

// Annotation is v1.ObjectTTLAnnotationKey.
const Annotation = "node.alpha.kubernetes.io/ttl"

// boundary is ttlBoundary: the TTL for a range of cluster sizes. The
// ranges overlap so that a cluster hovering at a bound does not flap.
type boundary struct{ sizeMin, sizeMax, ttlSeconds int }

// boundaries are upstream's ttlBoundaries.
var boundaries = []boundary{
	{0, 100, 0},
	{90, 500, 15},
	{450, 1000, 30},
	{900, 2000, 60},
	{1800, int(^uint32(0) >> 1), 300},
}

var nodeKind = api.NodeKind

// Controller models the TTL controller: node adds and deletes move the
// node count (and, past a boundary, the desired TTL); every add and update
// queues the node, and a sync patches its annotation when it differs.
type Controller struct {
	server *apiserver.Server
	queue  *controller.Queue
	nodes  *controller.Store
	count  int
	step   int // index into boundaries
}

// New returns the TTL controller, watching Nodes.
func New(ctx *controller.Context) *Controller {
	c := &Controller{server: ctx.Server, queue: ctx.NewQueue(), nodes: ctx.Informers.Lister(nodeKind)}
	ctx.Informers.AddHandler(nodeKind, controller.Handler{
		Add: func(obj api.Object) {
			c.count++
			if c.count > boundaries[c.step].sizeMax {
				c.step++
			}
			c.queue.Add(controller.KeyOf(obj))
		},
		// Every update is queued: the kubelet's status updates are what
		// carry a changed TTL to every node (updateNode).
		Update: func(_, cur api.Object) { c.queue.Add(controller.KeyOf(cur)) },
		Delete: func(api.Object) {
			c.count--
			if c.count < boundaries[c.step].sizeMin {
				c.step--
			}
		},
	})
	return c
}

// Name implements controller.Controller.
func (c *Controller) Name() string { return Name }

// Queue implements controller.Controller.
func (c *Controller) Queue() *controller.Queue { return c.queue }

// MaxRetries implements controller.Controller: retried forever.
func (c *Controller) MaxRetries() int { return 0 }

// Sync implements controller.Controller: updateNodeIfNeeded.
func (c *Controller) Sync(key string, ds *controller.Decisions) error {
	obj, ok := c.nodes.Get(key)
	if !ok {
		return nil
	}
	node := obj.(*api.Node)
	want := boundaries[c.step].ttlSeconds
	if cur, err := strconv.Atoi(node.Annotations[Annotation]); err == nil && cur == want {
		return nil
	}
	patch, err := json.Marshal(map[string]any{"metadata": map[string]any{"annotations": map[string]string{Annotation: strconv.Itoa(want)}}})
	if err != nil {
		return err
	}
	if _, err := c.server.Patch(nodeKind, "", node.Name, apiserver.StrategicMergePatchType, patch); err != nil && !apiserver.IsNotFound(err) {
		return err
	}
	ds.Add("updateNodeIfNeeded", fmt.Sprintf("%d nodes → %s %d s (was %q)", c.count, Annotation, want, node.Annotations[Annotation]),
		"patch node "+node.Name).
		Say("ttl.annotate", controller.Count("nodes", c.count), controller.Name("node", node.Name), controller.Name("annotation", Annotation), controller.Count("ttl", want))
	return nil
}
