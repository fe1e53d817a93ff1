// Package resourcequota is the resource quota controller, modelled on
// pkg/controller/resourcequota (v1.37): resource_quota_controller.go keeps
// every ResourceQuota's status.hard equal to its spec.hard and its
// status.used equal to what the namespace really uses, and
// resource_quota_monitor.go's replenishment recalculates a quota as soon
// as usage it tracks is released (a pod deleted or finished, a Service
// deleted or no longer a NodePort/LoadBalancer, any counted object
// deleted). Creations need no recalculation: the ResourceQuota admission
// plugin charged them when it admitted them (core/quota). A full
// recalculation of every quota also runs every ResyncPeriod (5 minutes,
// --resource-quota-sync-period), catching what no event announces, such
// as a pod stuck terminating past its grace period.
package resourcequota

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/quota"
)

// Name is the controller's name in kube-controller-manager
// (names.ResourceQuotaController).
const Name = "resourcequota-controller"

// DefaultResyncPeriod is --resource-quota-sync-period's default.
const DefaultResyncPeriod = 5 * time.Minute

// Controller models the type of that name (with its QuotaMonitor).
type Controller struct {
	server    *apiserver.Server
	informers *controller.Informers
	quotas    *controller.Store
	clock     clock.Source
	queue     *controller.Queue
	registry  *quota.Registry
	start     time.Time

	// ResyncPeriod is how often every quota is fully recalculated.
	ResyncPeriod time.Duration
}

var _ controller.Controller = (*Controller)(nil)

// New models NewController: handlers on ResourceQuotas, and the quota
// monitor's replenishment handlers on every kind quota counts.
func New(ctx *controller.Context) *Controller {
	rqKind := api.ResourceQuotaKind
	c := &Controller{
		server:       ctx.Server,
		informers:    ctx.Informers,
		quotas:       ctx.Informers.Lister(rqKind),
		clock:        ctx.Clock,
		queue:        ctx.NewQueue(),
		registry:     quota.NewRegistry(),
		start:        ctx.Clock.Now(),
		ResyncPeriod: DefaultResyncPeriod,
	}
	ctx.Informers.AddHandler(rqKind, controller.Handler{
		Add: func(obj api.Object) { c.addQuota(obj.(*api.ResourceQuota)) },
		Update: func(old, cur api.Object) {
			// Only spec changes matter; status is this controller's (and
			// the admission plugin's) to write.
			if !quota.Equals(old.(*api.ResourceQuota).Spec.Hard, cur.(*api.ResourceQuota).Spec.Hard) {
				c.addQuota(cur.(*api.ResourceQuota))
			}
		},
		Delete: func(obj api.Object) { c.queue.Add(controller.KeyOf(obj)) },
	})
	for _, e := range c.registry.List() {
		k := e.Kind()
		ctx.Informers.AddHandler(k, controller.Handler{
			Update: func(old, cur api.Object) {
				if c.releasesUsage(old, cur) {
					c.replenishQuota(k, cur.GetObjectMeta().Namespace)
				}
			},
			Delete: func(obj api.Object) { c.replenishQuota(k, obj.GetObjectMeta().Namespace) },
		})
	}
	return c
}

// Name implements controller.Controller.
func (c *Controller) Name() string { return Name }

// Queue implements controller.Controller.
func (c *Controller) Queue() *controller.Queue { return c.queue }

// MaxRetries implements controller.Controller: failed syncs retry with
// back-off forever.
func (c *Controller) MaxRetries() int { return 0 }

// Sync implements controller.Controller with syncResourceQuotaFromKey.
func (c *Controller) Sync(key string, ds *controller.Decisions) error {
	ns, name := controller.SplitKey(key)
	rq, ok := controller.GetAs[*api.ResourceQuota](c.quotas, ns, name)
	if !ok {
		return nil
	}
	err := c.syncResourceQuota(rq, ds)
	c.queue.AddAfter(key, c.untilResync())
	return err
}

// untilResync is the time left to the next full resync (enqueueAll runs
// every ResyncPeriod from the controller's start).
func (c *Controller) untilResync() time.Duration {
	elapsed := c.clock.Now().Sub(c.start)
	return c.ResyncPeriod - elapsed%c.ResyncPeriod
}

// addQuota models the method of that name. (Upstream puts quotas whose
// status lags their spec on a priority queue; one queue serves here.)
func (c *Controller) addQuota(rq *api.ResourceQuota) { c.queue.Add(controller.KeyOf(rq)) }

// releasesUsage models the quota monitor's update filter: a pod that stops
// being charged, a Service that changes its quota type.
func (c *Controller) releasesUsage(old, cur api.Object) bool {
	now := c.clock.Now()
	switch o := old.(type) {
	case *api.Pod:
		return quota.QuotaV1Pod(o, now) && !quota.QuotaV1Pod(cur.(*api.Pod), now)
	case *api.Service:
		return quota.QuotaServiceType(o) != quota.QuotaServiceType(cur.(*api.Service))
	}
	return false
}

// replenishQuota models the method of that name: the namespace's quotas
// tracking a resource of this kind are recalculated.
func (c *Controller) replenishQuota(k *api.KindInfo, namespace string) {
	e := c.registry.Get(k)
	if e == nil {
		return
	}
	for _, rq := range controller.ListAs[*api.ResourceQuota](c.quotas, namespace, nil) {
		if len(e.MatchingResources(quota.ResourceNames(rq.Status.Hard))) > 0 {
			c.queue.Add(controller.KeyOf(rq))
		}
	}
}

// syncResourceQuota models the method of that name: status.hard becomes
// spec.hard and status.used the recalculated usage of the resources it
// names; the status is written when either changed.
func (c *Controller) syncResourceQuota(rq *api.ResourceQuota, ds *controller.Decisions) error {
	limitsDirty := !quota.Equals(rq.Spec.Hard, rq.Status.Hard)
	dirty := limitsDirty || rq.Status.Hard == nil || rq.Status.Used == nil

	used := quota.Add(api.ResourceList{}, rq.Status.Used)
	hard := quota.Add(api.ResourceList{}, rq.Spec.Hard)
	newUsage := quota.CalculateUsage(c.registry, rq.Namespace, hard, c.list, c.clock.Now())
	for k, v := range newUsage {
		used[k] = v
	}
	used = quota.Mask(used, quota.ResourceNames(hard))
	dirty = dirty || !quota.Equals(used, rq.Status.Used)

	inputs := []controller.Input{
		{Name: "spec.hard", Value: quota.PrettyPrint(rq.Spec.Hard)},
		{Name: "status.used", Value: quota.PrettyPrint(rq.Status.Used)},
	}
	if !dirty {
		ds.Add("syncResourceQuota", "used = "+quota.PrettyPrint(used), "status up to date", inputs...).
			Say("resourcequota.upToDate")
		return nil
	}
	upd := api.DeepCopy(rq)
	upd.Status = api.ResourceQuotaStatus{Hard: hard, Used: used}
	if _, err := c.server.UpdateStatus(upd); err != nil {
		ds.Add("syncResourceQuota", "used = "+quota.PrettyPrint(used), "status update failed: "+err.Error(), inputs...).
			Say("resourcequota.updateFailed", controller.Text("message", err.Error()))
		return err
	}
	ds.Add("syncResourceQuota", "used = "+quota.PrettyPrint(used),
		fmt.Sprintf("status: hard %s, used %s", quota.PrettyPrint(hard), quota.PrettyPrint(used)), inputs...).
		Say("resourcequota.updated", controller.Name("used", quota.PrettyPrint(used)), controller.Name("hard", quota.PrettyPrint(hard)))
	return nil
}

// list reads a kind's objects in a namespace from the informer caches.
func (c *Controller) list(k *api.KindInfo, namespace string) []api.Object {
	return c.informers.Lister(k).List(namespace, nil)
}
