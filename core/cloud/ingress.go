package cloud

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// IngressController is a simulated ingress-nginx, installed the way its
// manifests install it: by an IngressClass whose spec.controller is
// k8s.io/ingress-nginx. Without such a class nothing serves Ingresses, as
// on a kind cluster with no controller: they are stored, their ADDRESS
// stays empty and no event mentions them.
//
// Once the class exists the controller "starts" and models ingress-nginx:
//
//   - every Ingress it serves (ingressClassName naming one of its classes,
//     or none when one of its classes is the default,
//     ingressclass.kubernetes.io/is-default-class: "true") gets the Normal
//     event Sync "Scheduled for sync" when first seen and when its spec
//     changes (the store's event handlers, syncIngress);
//   - its status sync (internal/ingress/status, updateInterval 60 s) runs
//     every 60 s from the start and writes the controller's address into
//     each served Ingress's status.loadBalancer.ingress, and removes it
//     from Ingresses it no longer serves.
//
// The address is that of the controller's LoadBalancer Service: the lowest
// free address of the load-balancer pool, taken when first needed and kept
// (every Ingress of one controller shows the same ADDRESS).
type IngressController struct {
	server    *apiserver.Server
	informers *controller.Informers
	ingresses *controller.Store
	classes   *controller.Store
	clock     clock.Source
	recorder  *controller.Recorder
	pool      *LoadBalancer

	started  time.Time // zero until a class names the controller
	nextSync time.Time
	address  string
	seen     map[string]int64 // ingress uid → generation last announced
}

// IngressNginxController is the spec.controller value of ingress-nginx's
// IngressClass.
const IngressNginxController = "k8s.io/ingress-nginx"

// IngressEventComponent is the source of ingress-nginx's events.
const IngressEventComponent = "nginx-ingress-controller"

// IngressStatusUpdateInterval is ingress-nginx's status sync period.
const IngressStatusUpdateInterval = 60 * time.Second

// NewIngressController returns the actor; pool is the load balancer whose
// addresses the controller's Service draws from.
func NewIngressController(ctx *controller.Context, pool *LoadBalancer) *IngressController {
	ingKind := api.IngressKind
	classKind := api.IngressClassKind
	return &IngressController{
		server:    ctx.Server,
		informers: ctx.Informers,
		ingresses: ctx.Informers.Lister(ingKind),
		classes:   ctx.Informers.Lister(classKind),
		clock:     ctx.Clock,
		recorder:  ctx.Recorder(IngressEventComponent, ""),
		pool:      pool,
		seen:      map[string]int64{},
	}
}

// Name implements cluster.Actor.
func (ic *IngressController) Name() string { return "ingress-nginx" }

// Tick implements cluster.Actor.
func (ic *IngressController) Tick() {
	ic.informers.Pump()
	classes, defaultClass := ic.myClasses()
	if len(classes) == 0 {
		return // not installed (or uninstalled): nothing serves Ingresses
	}
	now := ic.clock.Now()
	if ic.started.IsZero() {
		ic.started, ic.nextSync = now, now.Add(IngressStatusUpdateInterval)
	}
	serves := func(ing *api.Ingress) bool {
		if ing.Spec.IngressClassName == nil {
			return defaultClass
		}
		return classes[*ing.Spec.IngressClassName]
	}
	sync := !now.Before(ic.nextSync)
	if sync {
		ic.nextSync = ic.nextSync.Add(IngressStatusUpdateInterval)
	}
	live := map[string]bool{}
	for _, ing := range controller.ListAs[*api.Ingress](ic.ingresses, "", nil) {
		live[ing.UID] = true
		mine := serves(ing) && ing.DeletionTimestamp == nil
		if mine {
			if g, ok := ic.seen[ing.UID]; !ok || g != ing.Generation {
				ic.seen[ing.UID] = ing.Generation
				ic.recorder.Event(ing, api.EventTypeNormal, "Sync", "Scheduled for sync")
			}
		}
		if sync {
			ic.updateStatus(ing, mine)
		}
	}
	for uid := range ic.seen {
		if !live[uid] {
			delete(ic.seen, uid)
		}
	}
}

// myClasses returns the names of the IngressClasses naming ingress-nginx
// and whether one of them is the default.
func (ic *IngressController) myClasses() (map[string]bool, bool) {
	names, def := map[string]bool{}, false
	for _, c := range controller.ListAs[*api.IngressClass](ic.classes, "", nil) {
		if c.Spec.Controller != IngressNginxController {
			continue
		}
		names[c.Name] = true
		def = def || c.Annotations[api.AnnotationIsDefaultIngressClass] == "true"
	}
	return names, def
}

// updateStatus models statusSync.updateStatus for one Ingress: the
// controller's address for those it serves, none for the others.
func (ic *IngressController) updateStatus(ing *api.Ingress, mine bool) {
	var want []api.IngressLoadBalancerIngress
	if mine {
		if ic.address != "" && ic.takenByService() {
			// Every Ingress holding the address went away and a
			// LoadBalancer Service took it from the pool meanwhile.
			ic.address = ""
		}
		if ic.address == "" {
			ip, ok := ic.pool.nextFree()
			if !ok {
				return
			}
			ic.address = ip
		}
		want = []api.IngressLoadBalancerIngress{{IP: ic.address}}
	} else if len(ing.Status.LoadBalancer.Ingress) == 0 || !ic.holds(ing) {
		return
	}
	if api.SemanticEqual(ing.Status.LoadBalancer.Ingress, want) {
		return
	}
	cur, err := apiserver.GetAs[*api.Ingress](ic.server, ing.Namespace, ing.Name)
	if err != nil || cur.UID != ing.UID {
		return
	}
	cur.Status.LoadBalancer.Ingress = want
	_, _ = ic.server.UpdateStatus(cur)
}

// holds reports whether ing's status carries this controller's address.
func (ic *IngressController) holds(ing *api.Ingress) bool {
	for _, in := range ing.Status.LoadBalancer.Ingress {
		if in.IP == ic.address {
			return true
		}
	}
	return false
}

// takenByService reports whether a Service's load balancer holds the
// controller's address.
func (ic *IngressController) takenByService() bool {
	svcs, _, _ := apiserver.ListAs[*api.Service](ic.server, "", nil)
	for _, svc := range svcs {
		for _, in := range svc.Status.LoadBalancer.Ingress {
			if in.IP == ic.address {
				return true
			}
		}
	}
	return false
}
