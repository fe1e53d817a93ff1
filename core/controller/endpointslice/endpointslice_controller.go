// Package endpointslice is the EndpointSlice controller, modelled on
// pkg/controller/endpointslice/endpointslice_controller.go and the
// k8s.io/endpointslice reconciler (v1.37): for every Service with a
// selector it keeps EndpointSlices listing the pods that match, with
// their addresses, ready/serving/terminating conditions, node, target
// reference and resolved ports, at most MaxEndpointsPerSlice endpoints a
// slice. Services without a selector keep the slices users make, and
// ExternalName Services get none.
//
// Files mirror upstream: this one holds the controller (handlers and
// syncService), reconciler.go the Reconciler, utils.go its helpers and
// tracker.go the EndpointSliceTracker and TriggerTimeTracker.
//
// Where upstream relies on Go map order (which endpoint lands in which
// slice), the playground uses the pods' name order, so a run is
// reproducible; the slice names come from the API server's seeded
// generateName.
package endpointslice

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the controller's name in kube-controller-manager
// (names.EndpointSliceController).
const Name = "endpointslice-controller"

// EventComponent is the source of the controller's events
// (EventSource{Component: "endpoint-slice-controller"}).
const EventComponent = "endpoint-slice-controller"

// ControllerQualifiedName is the managed-by label value of the slices this
// controller owns (controllerQualifiedName).
const ControllerQualifiedName = "endpointslice-controller.k8s.io"

// DefaultMaxEndpointsPerSlice is kube-controller-manager's
// --max-endpoints-per-slice default.
const DefaultMaxEndpointsPerSlice = 100

// maxRetries is the constant of that name: a Service that fails this many
// syncs in a row is dropped until its next change.
const maxRetries = 15

// endpointSliceChangeMinSyncDelay is the constant of that name: a change
// to a slice made by someone else is acted on a second later, batching
// bursts.
const endpointSliceChangeMinSyncDelay = time.Second

// defaultSyncBackOff and maxSyncBackOff are the constants of those names:
// upstream retries a failed Service sync after 1s doubling to 1000s, not
// client-go's 5ms, so as not to hammer the API server with slice writes.
const (
	defaultSyncBackOff = time.Second
	maxSyncBackOff     = 1000 * time.Second
)

// Controller models the type of that name.
type Controller struct {
	server    *apiserver.Server
	queue     *controller.Queue
	services  *controller.Store
	pods      *controller.Store
	slices    *controller.Store
	sliceKind *api.KindInfo
	recorder  *controller.Recorder

	reconciler     *reconciler
	tracker        *sliceTracker
	triggerTracker *TriggerTimeTracker

	// EndpointUpdatesBatchPeriod delays syncs triggered by pod changes
	// (--endpointslice-updates-batch-period, default 0).
	EndpointUpdatesBatchPeriod time.Duration
}

var _ controller.Controller = (*Controller)(nil)

// New models NewController with the default flags: 100 endpoints per
// slice, no batching. It registers handlers on Services, Pods and
// EndpointSlices (the shared informers replay what they hold).
func New(ctx *controller.Context) *Controller {
	svcKind := api.ServiceKind
	podKind := api.PodKind
	sliceKind := api.EndpointSliceKind
	nodeKind := api.NodeKind
	c := &Controller{
		server:         ctx.Server,
		queue:          ctx.NewQueue().WithBackOff(defaultSyncBackOff, maxSyncBackOff),
		services:       ctx.Informers.Lister(svcKind),
		pods:           ctx.Informers.Lister(podKind),
		slices:         ctx.Informers.Lister(sliceKind),
		sliceKind:      sliceKind,
		recorder:       ctx.Recorder(EventComponent, ""),
		tracker:        newSliceTracker(),
		triggerTracker: NewTriggerTimeTracker(),
	}
	c.reconciler = &reconciler{
		server:               ctx.Server,
		nodes:                ctx.Informers.Lister(nodeKind),
		kind:                 sliceKind,
		maxEndpointsPerSlice: DefaultMaxEndpointsPerSlice,
		tracker:              c.tracker,
		controllerName:       ControllerQualifiedName,
	}
	ctx.Informers.AddHandler(svcKind, controller.Handler{
		Add:    func(obj api.Object) { c.onServiceUpdate(obj) },
		Update: func(_, cur api.Object) { c.onServiceUpdate(cur) },
		Delete: func(obj api.Object) { c.onServiceUpdate(obj) },
	})
	ctx.Informers.AddHandler(podKind, controller.Handler{
		Add:    func(obj api.Object) { c.addPod(obj.(*api.Pod)) },
		Update: func(old, cur api.Object) { c.updatePod(old.(*api.Pod), cur.(*api.Pod)) },
		Delete: func(obj api.Object) { c.addPod(obj.(*api.Pod)) },
	})
	ctx.Informers.AddHandler(sliceKind, controller.Handler{
		Add:    func(obj api.Object) { c.onEndpointSliceAdd(obj.(*api.EndpointSlice)) },
		Update: func(old, cur api.Object) { c.onEndpointSliceUpdate(old.(*api.EndpointSlice), cur.(*api.EndpointSlice)) },
		Delete: func(obj api.Object) { c.onEndpointSliceDelete(obj.(*api.EndpointSlice)) },
	})
	return c
}

// Name implements controller.Controller.
func (c *Controller) Name() string { return Name }

// Queue implements controller.Controller.
func (c *Controller) Queue() *controller.Queue { return c.queue }

// MaxRetries implements controller.Controller.
func (c *Controller) MaxRetries() int { return maxRetries }

// Sync implements controller.Controller with syncService.
func (c *Controller) Sync(key string, ds *controller.Decisions) error { return c.syncService(key, ds) }

// syncService models the method of that name.
func (c *Controller) syncService(key string, ds *controller.Decisions) error {
	namespace, name := controller.SplitKey(key)
	svc, ok := controller.GetAs[*api.Service](c.services, namespace, name)
	if !ok {
		c.triggerTracker.DeleteService(namespace, name)
		c.tracker.deleteService(namespace, name)
		ds.Add("syncService", "", "Service is gone; its slices go with it (garbage collector)").
			Say("endpointslice.serviceGone", controller.Name("service", name))
		return nil
	}
	if svc.Spec.Type == api.ServiceTypeExternalName {
		ds.Add("syncService", "type ExternalName", "no endpoints for an ExternalName Service").
			Say("endpointslice.externalName", controller.Name("service", svc.Name))
		return nil
	}
	if svc.Spec.Selector == nil {
		ds.Add("syncService", "no selector", "EndpointSlices are managed by the user").
			Say("endpointslice.noSelector", controller.Name("service", svc.Name))
		return nil
	}
	sel := labels.SelectorFromSet(labels.Set(svc.Spec.Selector))
	pods := controller.ListAs[*api.Pod](c.pods, svc.Namespace, sel)
	mine := labels.SelectorFromSet(labels.Set{LabelServiceName: svc.Name, LabelManagedBy: ControllerQualifiedName})
	var slices []*api.EndpointSlice
	for _, s := range controller.ListAs[*api.EndpointSlice](c.slices, svc.Namespace, mine) {
		if s.DeletionTimestamp == nil { // dropEndpointSlicesPendingDeletion
			slices = append(slices, s)
		}
	}
	if c.tracker.staleSlices(svc, slices) {
		ds.Add("syncService", "", "EndpointSlice informer cache is out of date; retry").
			Say("endpointslice.staleCache")
		return fmt.Errorf("EndpointSlice informer cache is out of date")
	}
	trigger := c.triggerTracker.ComputeEndpointLastChangeTriggerTime(svc, pods)

	ch := &changes{}
	err := c.reconciler.reconcile(svc, pods, slices, trigger, ch)
	inputs := []controller.Input{
		{Name: "selector", Value: labels.FormatLabels(svc.Spec.Selector)},
		{Name: "pods", Value: fmt.Sprint(len(pods))},
		{Name: "slices", Value: fmt.Sprint(len(slices))},
	}
	ds.Add("Reconcile", endpointSummary(svc, pods), ch.String(), inputs...).SayMessage(ch.sentence(svc.Name, len(pods)))
	if err != nil {
		c.recorder.Eventf(svc, api.EventTypeWarning, "FailedToUpdateEndpointSlices",
			"Error updating Endpoint Slices for Service %s/%s: %v", svc.Namespace, svc.Name, err)
		return err
	}
	return nil
}

// endpointSummary is the decision's formula: how the matching pods map to
// endpoint conditions.
func endpointSummary(svc *api.Service, pods []*api.Pod) string {
	var withIP, ready, serving, terminating int
	for _, p := range pods {
		if !ShouldPodBeInEndpoints(p, true) {
			continue
		}
		withIP++
		ep := podToEndpoint(p, nil, svc)
		if *ep.Conditions.Ready {
			ready++
		}
		if *ep.Conditions.Serving {
			serving++
		}
		if *ep.Conditions.Terminating {
			terminating++
		}
	}
	return fmt.Sprintf("%d pods match, %d with an IP: ready %d, serving %d, terminating %d",
		len(pods), withIP, ready, serving, terminating)
}

// onServiceUpdate models the method of that name (used for adds and
// deletes too).
func (c *Controller) onServiceUpdate(obj api.Object) { c.queue.Add(controller.KeyOf(obj)) }

// onEndpointSliceAdd models the method of that name.
func (c *Controller) onEndpointSliceAdd(s *api.EndpointSlice) {
	if managedByController(s) && c.tracker.shouldSync(s) {
		c.queueServiceForEndpointSlice(s)
	}
}

// onEndpointSliceUpdate models the method of that name.
func (c *Controller) onEndpointSliceUpdate(prev, cur *api.EndpointSlice) {
	if cur.Labels[LabelServiceName] != prev.Labels[LabelServiceName] {
		c.queueServiceForEndpointSlice(cur)
		c.queueServiceForEndpointSlice(prev)
		return
	}
	if managedByController(prev) != managedByController(cur) || (managedByController(cur) && c.tracker.shouldSync(cur)) {
		c.queueServiceForEndpointSlice(cur)
	}
}

// onEndpointSliceDelete models the method of that name.
func (c *Controller) onEndpointSliceDelete(s *api.EndpointSlice) {
	if managedByController(s) && c.tracker.has(s) && !c.tracker.handleDeletion(s) {
		c.queueServiceForEndpointSlice(s)
	}
}

func managedByController(s *api.EndpointSlice) bool {
	return s.Labels[LabelManagedBy] == ControllerQualifiedName
}

// queueServiceForEndpointSlice models the method of that name.
func (c *Controller) queueServiceForEndpointSlice(s *api.EndpointSlice) {
	name := s.Labels[LabelServiceName]
	if name == "" {
		return
	}
	c.queue.AddAfter(s.Namespace+"/"+name, max(endpointSliceChangeMinSyncDelay, c.EndpointUpdatesBatchPeriod))
}

// addPod models the method of that name (and deletePod): every Service
// whose selector matches the pod.
func (c *Controller) addPod(pod *api.Pod) {
	for _, key := range GetPodServiceMemberships(c.services, pod) {
		c.queue.AddAfter(key, c.EndpointUpdatesBatchPeriod)
	}
}

// updatePod models the method of that name.
func (c *Controller) updatePod(old, cur *api.Pod) {
	for _, key := range GetServicesToUpdateOnPodChange(c.services, old, cur) {
		c.queue.AddAfter(key, c.EndpointUpdatesBatchPeriod)
	}
}

// GetServicesToUpdateOnPodChange models the endpointsliceutil function of
// that name, which the Endpoints controller shares: nothing for a resync
// (same resourceVersion) or a change that cannot move an endpoint; else the
// pod's Services, old and new when its labels changed (only those it
// joined or left, if nothing else changed).
func GetServicesToUpdateOnPodChange(services *controller.Store, old, cur *api.Pod) []string {
	if cur.ResourceVersion == old.ResourceVersion {
		return nil
	}
	podChanged, labelsChanged := podEndpointsChanged(old, cur)
	if !podChanged && !labelsChanged {
		return nil
	}
	keys := GetPodServiceMemberships(services, cur)
	if labelsChanged {
		keys = determineNeededServiceUpdates(GetPodServiceMemberships(services, old), keys, podChanged)
	}
	return keys
}

// GetPodServiceMemberships models the endpointsliceutil function of that
// name: the keys of the Services in the pod's namespace whose (non-nil)
// selector matches it, in the lister's (name) order.
func GetPodServiceMemberships(services *controller.Store, pod *api.Pod) []string {
	var keys []string
	for _, svc := range controller.ListAs[*api.Service](services, pod.Namespace, nil) {
		if svc.Spec.Selector == nil {
			continue
		}
		if labels.SelectorFromSet(labels.Set(svc.Spec.Selector)).Matches(labels.Set(pod.Labels)) {
			keys = append(keys, controller.KeyOf(svc))
		}
	}
	return keys
}

// podEndpointsChanged models the function of that name. Upstream compares
// deletionTimestamp pointers, so any update of a pod being deleted counts
// as a change; so it does here.
func podEndpointsChanged(old, cur *api.Pod) (podChanged, labelsChanged bool) {
	labelsChanged = !equalLabels(old.Labels, cur.Labels) ||
		old.Spec.Hostname != cur.Spec.Hostname || old.Spec.Subdomain != cur.Spec.Subdomain
	if old.DeletionTimestamp != nil || cur.DeletionTimestamp != nil {
		return true, labelsChanged
	}
	if controller.IsPodReady(old) != controller.IsPodReady(cur) {
		return true, labelsChanged
	}
	if len(old.Status.PodIPs) != len(cur.Status.PodIPs) {
		return true, labelsChanged
	}
	for i := range old.Status.PodIPs {
		if old.Status.PodIPs[i].IP != cur.Status.PodIPs[i].IP {
			return true, labelsChanged
		}
	}
	return false, labelsChanged
}

func equalLabels(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// determineNeededServiceUpdates models the function of that name: with the
// pod changed, old and new Services; with only its labels changed, those
// it joined or left.
func determineNeededServiceUpdates(oldServices, services []string, podChanged bool) []string {
	in := func(list []string, k string) bool {
		for _, x := range list {
			if x == k {
				return true
			}
		}
		return false
	}
	var out []string
	if podChanged {
		out = append(out, services...)
		for _, k := range oldServices {
			if !in(out, k) {
				out = append(out, k)
			}
		}
		return out
	}
	for _, k := range services {
		if !in(oldServices, k) {
			out = append(out, k)
		}
	}
	for _, k := range oldServices {
		if !in(services, k) {
			out = append(out, k)
		}
	}
	return out
}
