package namespace

import (
	"errors"
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the controller's name (names.NamespaceController).
const Name = "namespace-controller"

// Timings of pkg/controller/namespace.
const (
	// DeletionGracePeriod is namespaceDeletionGracePeriod: a namespace
	// event is processed 5 s after it arrives, so every API server has
	// seen the deletion and stops admitting new content first.
	DeletionGracePeriod = 5 * time.Second
	// retryBase and retryMax are nsControllerRateLimiter's per-item
	// back-off: 5 ms doubling to 60 s, "so that we retry namespace
	// deletion at least every minute".
	retryBase = 5 * time.Millisecond
	retryMax  = 60 * time.Second
)

var namespaceKind = api.KindOf(&api.Namespace{})

// Controller models NamespaceController: its informer queues every
// namespace that has a deletionTimestamp, and each sync runs the
// namespaced resources deleter on it.
type Controller struct {
	queue      *controller.Queue
	namespaces *controller.Store
	deleter    *deleter
}

// New returns the namespace controller, watching namespaces through the
// shared informers.
func New(ctx *controller.Context) *Controller {
	c := &Controller{
		queue:      ctx.NewQueue().WithBackOff(retryBase, retryMax),
		namespaces: ctx.Informers.Lister(namespaceKind),
		deleter:    &deleter{server: ctx.Server, clock: ctx.Clock},
	}
	ctx.Informers.AddHandler(namespaceKind, controller.Handler{
		Add:    func(obj api.Object) { c.enqueueNamespace(obj) },
		Update: func(_, cur api.Object) { c.enqueueNamespace(cur) },
	})
	return c
}

// Name implements controller.Controller.
func (c *Controller) Name() string { return Name }

// Queue implements controller.Controller.
func (c *Controller) Queue() *controller.Queue { return c.queue }

// MaxRetries implements controller.Controller: namespaces are retried
// forever.
func (c *Controller) MaxRetries() int { return 0 }

// enqueueNamespace models enqueueNamespace: only namespaces being deleted
// are queued, after DeletionGracePeriod.
func (c *Controller) enqueueNamespace(obj api.Object) {
	ns := obj.(*api.Namespace)
	if ns.DeletionTimestamp == nil || ns.DeletionTimestamp.IsZero() {
		return
	}
	c.queue.AddAfter(controller.KeyOf(ns), DeletionGracePeriod)
}

// Sync implements controller.Controller: syncNamespaceFromKey and the
// worker's handling of its result. Content still going away requeues the
// namespace after half the deleter's estimate plus a second; any other
// error is returned and retried with back-off (5 ms doubling to 60 s).
//
// Upstream's worker does not Forget the key on ResourcesRemainingError;
// here the cluster forgets it on every nil return, so a later failure's
// back-off starts again from 5 ms.
func (c *Controller) Sync(key string, ds *controller.Decisions) error {
	ns, ok := controller.GetAs[*api.Namespace](c.namespaces, "", key)
	if !ok {
		return nil // "Namespace has been deleted"
	}
	err := c.deleter.Delete(ns.Name, ds)
	var remaining *ResourcesRemainingError
	if errors.As(err, &remaining) {
		wait := time.Duration(remaining.Estimate/2+1) * time.Second
		c.queue.AddAfter(key, wait)
		ds.Add("worker", fmt.Sprintf("content remains, estimate %ds → wait %d/2+1 s", remaining.Estimate, remaining.Estimate),
			fmt.Sprintf("requeue %s after %s", key, wait)).
			Say("namespace.waitForContent", controller.Name("namespace", key), controller.Duration("after", wait))
		return nil
	}
	if err != nil {
		ds.Add("worker", "deletion failed: "+err.Error(), "requeue "+key+" with back-off").
			Say("namespace.retry", controller.Name("namespace", key), controller.Text("message", err.Error()))
	}
	return err
}
