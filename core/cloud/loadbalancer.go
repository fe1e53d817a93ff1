// Package cloud is the simulated cloud provider: the part of a
// cloud-controller-manager that gives LoadBalancer Services an address.
//
// LoadBalancer models the service controller of k8s.io/cloud-provider
// (controllers/service/controller.go, syncLoadBalancerIfNeeded) driving a
// load-balancer implementation like the ones kind users install
// (cloud-provider-kind, MetalLB): a Service of type LoadBalancer shows
// EXTERNAL-IP <pending> until, a few seconds later, its
// status.loadBalancer.ingress gets an address from the pool.
//
// Per tick, for each Service (in namespace/name order):
//
//   - type LoadBalancer, not being deleted, no ingress yet: the first time,
//     the Normal event EnsuringLoadBalancer "Ensuring load balancer" and
//     the finalizer service.kubernetes.io/load-balancer-cleanup (so the
//     Service cannot go before its load balancer); ProvisionDelay ticks
//     later, the event EnsuredLoadBalancer "Ensured load balancer" and the
//     status with the lowest free address of the pool;
//   - holding the finalizer while being deleted, or no longer of type
//     LoadBalancer: DeletingLoadBalancer "Deleting load balancer", the
//     finalizer removed, DeletedLoadBalancer "Deleted load balancer". (The
//     API server clears the status of a Service that stops being a
//     LoadBalancer.)
//
// The pool is 172.18.255.200-172.18.255.250, the range MetalLB's kind
// guide configures inside kind's docker network. Addresses in use are read
// from the Services' status, so a deleted Service's address is free again
// and the actor keeps no allocation state; its only memory is when it began
// provisioning each Service.
package cloud

import (
	"fmt"
	"net/netip"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the actor's name.
const Name = "cloud-load-balancer"

// EventComponent is the source of the events, as the cloud provider's
// service controller names its recorder.
const EventComponent = "service-controller"

// LoadBalancerCleanupFinalizer is servicehelper.LoadBalancerCleanupFinalizer.
const LoadBalancerCleanupFinalizer = "service.kubernetes.io/load-balancer-cleanup"

// The service controller's event reasons and messages.
const (
	ReasonEnsuringLoadBalancer = "EnsuringLoadBalancer"
	ReasonEnsuredLoadBalancer  = "EnsuredLoadBalancer"
	ReasonDeletingLoadBalancer = "DeletingLoadBalancer"
	ReasonDeletedLoadBalancer  = "DeletedLoadBalancer"
	MessageEnsuring            = "Ensuring load balancer"
	MessageEnsured             = "Ensured load balancer"
	MessageDeleting            = "Deleting load balancer"
	MessageDeleted             = "Deleted load balancer"
)

// Options configure the actor. The zero value is the default.
type Options struct {
	// ProvisionDelay is how many ticks provisioning a load balancer takes
	// (0 = 3).
	ProvisionDelay int
	// PoolStart and PoolEnd bound the addresses handed out ("" = the
	// default pool 172.18.255.200-172.18.255.250).
	PoolStart, PoolEnd string
}

// DefaultProvisionDelay is Options.ProvisionDelay's default, in ticks.
const DefaultProvisionDelay = 3

// LoadBalancer is the actor. Register it with cluster.AddActor.
type LoadBalancer struct {
	server    *apiserver.Server
	informers *controller.Informers
	services  *controller.Store
	clock     clock.Source
	recorder  *controller.Recorder
	delay     time.Duration
	first     netip.Addr
	last      netip.Addr

	provisioning map[string]time.Time // service uid → when provisioning began
}

// NewLoadBalancer returns the actor for a cluster's context.
func NewLoadBalancer(ctx *controller.Context, opts Options) *LoadBalancer {
	if opts.ProvisionDelay <= 0 {
		opts.ProvisionDelay = DefaultProvisionDelay
	}
	if opts.PoolStart == "" || opts.PoolEnd == "" {
		opts.PoolStart, opts.PoolEnd = "172.18.255.200", "172.18.255.250"
	}
	svcKind := api.ServiceKind
	return &LoadBalancer{
		server:       ctx.Server,
		informers:    ctx.Informers,
		services:     ctx.Informers.Lister(svcKind),
		clock:        ctx.Clock,
		recorder:     ctx.Recorder(EventComponent, ""),
		delay:        time.Duration(opts.ProvisionDelay) * time.Second,
		first:        netip.MustParseAddr(opts.PoolStart),
		last:         netip.MustParseAddr(opts.PoolEnd),
		provisioning: map[string]time.Time{},
	}
}

// Name implements cluster.Actor.
func (lb *LoadBalancer) Name() string { return Name }

// Tick implements cluster.Actor.
func (lb *LoadBalancer) Tick() {
	lb.informers.Pump()
	now := lb.clock.Now()
	live := map[string]bool{}
	for _, svc := range controller.ListAs[*api.Service](lb.services, "", nil) {
		live[svc.UID] = true
		switch {
		case needsCleanup(svc):
			lb.deleteLoadBalancer(svc)
		case wantsLoadBalancer(svc) && len(svc.Status.LoadBalancer.Ingress) == 0:
			lb.ensureLoadBalancer(svc, now)
		}
	}
	for uid := range lb.provisioning {
		if !live[uid] {
			delete(lb.provisioning, uid)
		}
	}
}

// wantsLoadBalancer models the function of that name.
func wantsLoadBalancer(svc *api.Service) bool {
	return svc.Spec.Type == api.ServiceTypeLoadBalancer && svc.DeletionTimestamp == nil
}

// needsCleanup models the function of that name: the finalizer is held by
// a Service being deleted or no longer wanting a load balancer.
func needsCleanup(svc *api.Service) bool {
	if !slices.Contains(svc.Finalizers, LoadBalancerCleanupFinalizer) {
		return false
	}
	return svc.DeletionTimestamp != nil || svc.Spec.Type != api.ServiceTypeLoadBalancer
}

// ensureLoadBalancer models processLoadBalancerCreateOrUpdate (the
// ensure branch of syncLoadBalancerIfNeeded).
func (lb *LoadBalancer) ensureLoadBalancer(svc *api.Service, now time.Time) {
	began, ok := lb.provisioning[svc.UID]
	if !ok {
		lb.recorder.Event(svc, api.EventTypeNormal, ReasonEnsuringLoadBalancer, MessageEnsuring)
		if !slices.Contains(svc.Finalizers, LoadBalancerCleanupFinalizer) { // addFinalizer
			upd := api.DeepCopy(svc)
			upd.Finalizers = append(upd.Finalizers, LoadBalancerCleanupFinalizer)
			if _, err := lb.server.Update(upd); err != nil {
				return
			}
		}
		lb.provisioning[svc.UID] = now
		return
	}
	if now.Before(began.Add(lb.delay)) {
		return
	}
	ip, ok := lb.nextFree()
	if !ok {
		lb.recorder.Eventf(svc, api.EventTypeWarning, "SyncLoadBalancerFailed",
			"Error syncing load balancer: failed to ensure load balancer: no available IPs in pool %s-%s", lb.first, lb.last)
		return
	}
	lb.recorder.Event(svc, api.EventTypeNormal, ReasonEnsuredLoadBalancer, MessageEnsured)
	cur, err := apiserver.GetAs[*api.Service](lb.server, svc.Namespace, svc.Name)
	if err != nil || cur.UID != svc.UID {
		return
	}
	cur.Status.LoadBalancer = api.LoadBalancerStatus{Ingress: []api.LoadBalancerIngress{{IP: ip}}}
	if _, err := lb.server.UpdateStatus(cur); err == nil {
		delete(lb.provisioning, svc.UID)
	}
}

// deleteLoadBalancer models processLoadBalancerDelete.
func (lb *LoadBalancer) deleteLoadBalancer(svc *api.Service) {
	lb.recorder.Event(svc, api.EventTypeNormal, ReasonDeletingLoadBalancer, MessageDeleting)
	upd := api.DeepCopy(svc)
	upd.Finalizers = slices.DeleteFunc(upd.Finalizers, func(f string) bool { return f == LoadBalancerCleanupFinalizer })
	if _, err := lb.server.Update(upd); err != nil {
		return
	}
	delete(lb.provisioning, svc.UID)
	lb.recorder.Event(svc, api.EventTypeNormal, ReasonDeletedLoadBalancer, MessageDeleted)
}

// nextFree returns the lowest pool address no Service's status holds.
func (lb *LoadBalancer) nextFree() (string, bool) {
	used := map[string]bool{}
	// Read the server, not the cache: an address handed out earlier in
	// this tick must count.
	svcs, _, _ := apiserver.ListAs[*api.Service](lb.server, "", nil)
	for _, svc := range svcs {
		for _, ing := range svc.Status.LoadBalancer.Ingress {
			used[ing.IP] = true
		}
	}
	// The simulated ingress controller's Service draws from the same pool
	// (ingress.go); its address is what its Ingresses show.
	ings, _, _ := apiserver.ListAs[*api.Ingress](lb.server, "", nil)
	for _, ing := range ings {
		for _, in := range ing.Status.LoadBalancer.Ingress {
			used[in.IP] = true
		}
	}
	for a := lb.first; a.Compare(lb.last) <= 0; a = a.Next() {
		if !used[a.String()] {
			return a.String(), true
		}
	}
	return "", false
}

// String describes the pool, for the UI and the README.
func (lb *LoadBalancer) String() string {
	return fmt.Sprintf("load balancer pool %s-%s, provisioning takes %s", lb.first, lb.last, lb.delay)
}
