// Package endpoint is the Endpoints controller, modelled on
// pkg/controller/endpoint/endpoints_controller.go (v1.37): for every
// Service with a selector it keeps one v1 Endpoints object of the same
// name listing the matching pods' addresses, ready ones under addresses
// and the others under notReadyAddresses, with the Service's ports
// resolved per pod. v1 Endpoints is deprecated since v1.33 (kube-proxy
// reads EndpointSlices), but the controller still runs in
// kube-controller-manager next to the EndpointSlice controller, and
// `kubectl get endpoints` is how many people look at a Service's pods.
//
// Files mirror upstream: this one holds the controller (handlers and
// syncService), endpoints_tracker.go the staleEndpointsTracker, and
// repack.go pkg/api/v1/endpoints' RepackSubsets. The helpers upstream
// shares with the EndpointSlice controller (k8s.io/endpointslice/util:
// ShouldPodBeInEndpoints, the TriggerTimeTracker, pod-to-Service
// membership) come from core/controller/endpointslice.
package endpoint

import (
	"fmt"
	"maps"
	"math"
	"net/netip"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/controller/endpointslice"
)

// Name is the controller's name in kube-controller-manager
// (names.EndpointsController).
const Name = "endpoints-controller"

// ControllerName is the value of the managed-by label the controller puts
// on its Endpoints, and the source of its events
// (EventSource{Component: "endpoint-controller"}).
const ControllerName = "endpoint-controller"

const (
	// maxRetries is the constant of that name: a Service that fails this
	// many syncs in a row is dropped until its next change.
	maxRetries = 15
	// maxCapacity is the constant of that name: at most this many
	// addresses (ready and not) in one Endpoints.
	maxCapacity = 1000
	// truncated is the value of the over-capacity annotation.
	truncated = "truncated"
)

// Controller models the type of that name.
type Controller struct {
	server    *apiserver.Server
	queue     *controller.Queue
	services  *controller.Store
	pods      *controller.Store
	endpoints *controller.Store
	kind      *api.KindInfo
	recorder  *controller.Recorder

	staleEndpointsTracker *staleEndpointsTracker
	triggerTimeTracker    *endpointslice.TriggerTimeTracker

	// EndpointUpdatesBatchPeriod delays syncs triggered by pod changes
	// (--endpoint-updates-batch-period, default 0).
	EndpointUpdatesBatchPeriod time.Duration
}

var _ controller.Controller = (*Controller)(nil)

// New models NewEndpointController: handlers on Services (add, update,
// delete), Pods (add, update, delete) and Endpoints (delete only, so a
// removed Endpoints is made again). Upstream's checkLeftoverEndpoints,
// which queues every Endpoints once at start to delete those whose
// Service is gone, is what the replay of the Endpoints informer's
// contents would give; at the playground's start there are none but the
// API server's own.
func New(ctx *controller.Context) *Controller {
	svcKind := api.ServiceKind
	podKind := api.PodKind
	epKind := api.EndpointsKind
	c := &Controller{
		server:                ctx.Server,
		queue:                 ctx.NewQueue(),
		services:              ctx.Informers.Lister(svcKind),
		pods:                  ctx.Informers.Lister(podKind),
		endpoints:             ctx.Informers.Lister(epKind),
		kind:                  epKind,
		recorder:              ctx.Recorder(ControllerName, ""),
		staleEndpointsTracker: newStaleEndpointsTracker(),
		triggerTimeTracker:    endpointslice.NewTriggerTimeTracker(),
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
	ctx.Informers.AddHandler(epKind, controller.Handler{
		Delete: func(obj api.Object) { c.queue.Add(controller.KeyOf(obj)) }, // onEndpointsDelete
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

// onServiceUpdate models onServiceUpdate and onServiceDelete.
func (c *Controller) onServiceUpdate(obj api.Object) { c.queue.Add(controller.KeyOf(obj)) }

// addPod models addPod (and deletePod): every Service selecting the pod.
func (c *Controller) addPod(pod *api.Pod) {
	for _, key := range endpointslice.GetPodServiceMemberships(c.services, pod) {
		c.queue.AddAfter(key, c.EndpointUpdatesBatchPeriod)
	}
}

// updatePod models the method of that name.
func (c *Controller) updatePod(old, cur *api.Pod) {
	for _, key := range endpointslice.GetServicesToUpdateOnPodChange(c.services, old, cur) {
		c.queue.AddAfter(key, c.EndpointUpdatesBatchPeriod)
	}
}

// syncService models the method of that name.
func (c *Controller) syncService(key string, ds *controller.Decisions) error {
	namespace, name := controller.SplitKey(key)
	svc, ok := controller.GetAs[*api.Service](c.services, namespace, name)
	if !ok {
		// The Service is gone: so is its Endpoints (no owner reference;
		// the controller deletes it itself).
		if _, _, err := c.server.Delete(c.kind, namespace, name, nil); err != nil && !apiserver.IsNotFound(err) {
			return err
		}
		c.triggerTimeTracker.DeleteService(namespace, name)
		c.staleEndpointsTracker.delete(namespace, name)
		ds.Add("syncService", "", "Service is gone; delete Endpoints "+name).
			Say("endpoint.serviceGone", controller.Name("service", name))
		return nil
	}
	if svc.Spec.Type == api.ServiceTypeExternalName {
		ds.Add("syncService", "type ExternalName", "no Endpoints for an ExternalName Service").
			Say("endpoint.externalName", controller.Name("service", svc.Name))
		return nil
	}
	if svc.Spec.Selector == nil {
		ds.Add("syncService", "no selector", "Endpoints are managed by the user").
			Say("endpoint.noSelector", controller.Name("service", svc.Name))
		return nil
	}
	sel := labels.SelectorFromSet(labels.Set(svc.Spec.Selector))
	pods := controller.ListAs[*api.Pod](c.pods, svc.Namespace, sel)
	// Computed before any early return so the tracker's state moves on
	// even when nothing is written.
	trigger := c.triggerTimeTracker.ComputeEndpointLastChangeTriggerTime(svc, pods)

	subsets := []api.EndpointSubset{}
	var ready, notReady, skipped int
	for _, pod := range pods {
		if !endpointslice.ShouldPodBeInEndpoints(pod, svc.Spec.PublishNotReadyAddresses) {
			skipped++
			continue
		}
		epa, ok := podToEndpointAddressForService(svc, pod)
		if !ok {
			skipped++
			continue
		}
		if endpointslice.ShouldSetHostname(pod, svc) {
			epa.Hostname = pod.Spec.Hostname
		}
		podReady := svc.Spec.PublishNotReadyAddresses || controller.IsPodReady(pod)
		if podReady {
			ready++
		} else {
			notReady++
		}
		if len(svc.Spec.Ports) == 0 {
			// A headless Service may have no ports.
			if svc.Spec.ClusterIP == "None" {
				subsets = addEndpointSubset(subsets, epa, nil, podReady)
			}
			continue
		}
		for i := range svc.Spec.Ports {
			sp := &svc.Spec.Ports[i]
			num, err := endpointslice.FindPort(pod, sp)
			if err != nil {
				continue
			}
			subsets = addEndpointSubset(subsets, epa, &api.CoreEndpointPort{Name: sp.Name, Port: int32(num),
				Protocol: sp.Protocol, AppProtocol: sp.AppProtocol}, podReady)
		}
	}
	subsets = RepackSubsets(subsets)
	formula := fmt.Sprintf("%d pods match: %d ready, %d not ready, %d left out (finished, no IP, or terminating)",
		len(pods), ready, notReady, skipped)
	inputs := []controller.Input{
		{Name: "selector", Value: labels.FormatLabels(svc.Spec.Selector)},
		{Name: "publishNotReadyAddresses", Value: fmt.Sprint(svc.Spec.PublishNotReadyAddresses)},
	}

	current, exists := controller.GetAs[*api.Endpoints](c.endpoints, svc.Namespace, svc.Name)
	if !exists {
		current = &api.Endpoints{ObjectMeta: api.ObjectMeta{Name: svc.Name, Namespace: svc.Namespace, Labels: svc.Labels}}
	} else if c.staleEndpointsTracker.isStale(current) {
		ds.Add("syncService", formula, "Endpoints informer cache is out of date; retry", inputs...).
			Say("endpoint.staleCache")
		return fmt.Errorf("endpoints informer cache is out of date, resource version %s already processed for endpoints %s",
			current.ResourceVersion, key)
	}

	// The headless and managed-by labels are the controller's, not the
	// Service's, so they are left out of the comparison.
	compareLabels := maps.Clone(current.Labels)
	delete(compareLabels, api.LabelHeadlessService)
	delete(compareLabels, api.LabelEndpointsManagedBy)
	if exists && api.SemanticEqual(endpointSubsetsIgnoringResourceVersion(current.Subsets), endpointSubsetsIgnoringResourceVersion(subsets)) &&
		api.SemanticEqual(emptyAsNil(compareLabels), emptyAsNil(svc.Labels)) &&
		capacityAnnotationSetCorrectly(current.Annotations, current.Subsets) {
		ds.Add("syncService", formula, "Endpoints "+svc.Name+" unchanged: "+summarize(subsets), inputs...).
			Say("endpoint.unchanged", controller.Name("service", svc.Name), controller.Count("ready", ready), controller.Count("notReady", notReady))
		return nil
	}

	updated := api.DeepCopy(current)
	updated.Subsets = subsets
	updated.Labels = maps.Clone(svc.Labels)
	if updated.Annotations == nil {
		updated.Annotations = map[string]string{}
	}
	if !trigger.IsZero() {
		updated.Annotations[api.EndpointsLastChangeTriggerTime] = trigger.UTC().Format(time.RFC3339Nano)
	} else {
		delete(updated.Annotations, api.EndpointsLastChangeTriggerTime)
	}
	if truncateEndpoints(updated) {
		updated.Annotations[api.EndpointsOverCapacity] = truncated
	} else {
		delete(updated.Annotations, api.EndpointsOverCapacity)
	}
	if updated.Labels == nil {
		updated.Labels = map[string]string{}
	}
	if svc.Spec.ClusterIP == "None" || svc.Spec.ClusterIP == "" { // !helper.IsServiceIPSet
		updated.Labels[api.LabelHeadlessService] = ""
	} else {
		delete(updated.Labels, api.LabelHeadlessService)
	}
	updated.Labels[api.LabelEndpointsManagedBy] = ControllerName

	verb, say := "update", controller.Msg("endpoint.update", controller.Name("service", svc.Name), controller.Count("ready", ready), controller.Count("notReady", notReady))
	var err error
	var written api.Object
	if !exists {
		verb, say = "create", controller.Msg("endpoint.create", controller.Name("service", svc.Name), controller.Count("ready", ready), controller.Count("notReady", notReady))
		_, err = c.server.Create(updated)
	} else {
		written, err = c.server.Update(updated)
	}
	ds.Add("syncService", formula, fmt.Sprintf("%s Endpoints %s: %s", verb, svc.Name, summarize(updated.Subsets)), inputs...).SayMessage(say)
	if err != nil {
		if !exists && apiserver.IsForbidden(err) && controller.HasStatusCause(err, apiserver.CauseTypeNamespaceTerminating) {
			return nil // the namespace is going away; creates would keep failing
		}
		if !exists {
			c.recorder.Eventf(updated, api.EventTypeWarning, "FailedToCreateEndpoint",
				"Failed to create endpoint for service %v/%v: %v", svc.Namespace, svc.Name, err)
		} else {
			c.recorder.Eventf(updated, api.EventTypeWarning, "FailedToUpdateEndpoint",
				"Failed to update endpoint %v/%v: %v", svc.Namespace, svc.Name, err)
		}
		return err
	}
	if written != nil && written.GetObjectMeta().ResourceVersion != current.ResourceVersion {
		c.staleEndpointsTracker.stale(current)
	}
	return nil
}

// podToEndpointAddressForService models the function of that name: the
// pod's first IP of the Service's (first) IP family, its node and a
// reference to it.
func podToEndpointAddressForService(svc *api.Service, pod *api.Pod) (api.EndpointAddress, bool) {
	wantV6 := false
	if len(svc.Spec.IPFamilies) > 0 {
		wantV6 = svc.Spec.IPFamilies[0] == "IPv6"
	} else if svc.Spec.ClusterIP != "" && svc.Spec.ClusterIP != "None" {
		wantV6 = strings.Contains(svc.Spec.ClusterIP, ":")
	} else {
		wantV6 = strings.Contains(pod.Status.PodIP, ":")
	}
	for _, pip := range pod.Status.PodIPs {
		ip, err := netip.ParseAddr(pip.IP)
		if err != nil || ip.Is6() != wantV6 {
			continue
		}
		node := pod.Spec.NodeName
		return api.EndpointAddress{IP: ip.String(), NodeName: &node,
			TargetRef: &api.ObjectReference{Kind: "Pod", Namespace: pod.Namespace, Name: pod.Name, UID: pod.UID}}, true
	}
	return api.EndpointAddress{}, false
}

// addEndpointSubset models the function of that name: a one-address
// subset, under addresses or notReadyAddresses.
func addEndpointSubset(subsets []api.EndpointSubset, epa api.EndpointAddress, epp *api.CoreEndpointPort, ready bool) []api.EndpointSubset {
	ports := []api.CoreEndpointPort{}
	if epp != nil {
		ports = append(ports, *epp)
	}
	if ready {
		return append(subsets, api.EndpointSubset{Addresses: []api.EndpointAddress{epa}, Ports: ports})
	}
	return append(subsets, api.EndpointSubset{NotReadyAddresses: []api.EndpointAddress{epa}, Ports: ports})
}

// capacityAnnotationSetCorrectly models the function of that name: false
// when over capacity (the subsets must be truncated), else whether the
// over-capacity annotation is absent.
func capacityAnnotationSetCorrectly(annotations map[string]string, subsets []api.EndpointSubset) bool {
	n := 0
	for _, ss := range subsets {
		n += len(ss.Addresses) + len(ss.NotReadyAddresses)
	}
	if n > maxCapacity {
		return false
	}
	_, ok := annotations[api.EndpointsOverCapacity]
	return !ok
}

// truncateEndpoints models the function of that name: beyond maxCapacity
// addresses, each subset keeps its share (rounded up) of the room, ready
// addresses first: if the ready ones alone overflow, not-ready ones are
// all dropped and the ready ones cut; otherwise only not-ready ones are.
func truncateEndpoints(e *api.Endpoints) bool {
	totalReady, totalNotReady := 0, 0
	for _, ss := range e.Subsets {
		totalReady += len(ss.Addresses)
		totalNotReady += len(ss.NotReadyAddresses)
	}
	if totalReady+totalNotReady <= maxCapacity {
		return false
	}
	truncateReady := totalReady > maxCapacity
	room, numTotal := maxCapacity-totalReady, totalNotReady
	if truncateReady {
		room, numTotal = maxCapacity, totalReady
	}
	canBeAdded := room
	for i := range e.Subsets {
		ss := &e.Subsets[i]
		inSubset := len(ss.NotReadyAddresses)
		if truncateReady {
			inSubset = len(ss.Addresses)
		}
		toBeAdded := min(int(math.Ceil(float64(inSubset)/float64(numTotal)*float64(room))), canBeAdded)
		if truncateReady {
			ss.Addresses = ss.Addresses[:min(len(ss.Addresses), toBeAdded)]
			ss.NotReadyAddresses = []api.EndpointAddress{}
			canBeAdded -= len(ss.Addresses)
		} else {
			ss.NotReadyAddresses = ss.NotReadyAddresses[:min(len(ss.NotReadyAddresses), toBeAdded)]
			canBeAdded -= len(ss.NotReadyAddresses)
		}
	}
	return true
}

// endpointSubsetsIgnoringResourceVersion is what
// endpointSubsetsEqualIgnoreResourceVersion compares: the subsets with the
// target references' resourceVersions blanked, so a pod update that moves
// nothing does not rewrite the Endpoints.
func endpointSubsetsIgnoringResourceVersion(subsets []api.EndpointSubset) []api.EndpointSubset {
	out := make([]api.EndpointSubset, len(subsets))
	for i := range subsets {
		ss := api.DeepCopy(&subsets[i])
		for _, list := range [][]api.EndpointAddress{ss.Addresses, ss.NotReadyAddresses} {
			for j := range list {
				if list[j].TargetRef != nil {
					list[j].TargetRef.ResourceVersion = ""
				}
			}
		}
		out[i] = *ss
	}
	return out
}

// emptyAsNil makes an empty map equal a nil one, as apiequality.Semantic
// does for maps.
func emptyAsNil(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	return m
}

// summarize renders subsets for decision records:
// "ready 10.244.1.5, 10.244.2.7; not ready 10.244.3.2; ports http:8080/TCP".
func summarize(subsets []api.EndpointSubset) string {
	var ready, notReady, ports []string
	seen := map[string]bool{}
	for _, ss := range subsets {
		for _, a := range ss.Addresses {
			ready = append(ready, a.IP)
		}
		for _, a := range ss.NotReadyAddresses {
			notReady = append(notReady, a.IP)
		}
		for _, p := range ss.Ports {
			s := fmt.Sprintf("%s:%d/%s", p.Name, p.Port, p.Protocol)
			if !seen[s] {
				seen[s] = true
				ports = append(ports, s)
			}
		}
	}
	list := func(l []string) string {
		if len(l) == 0 {
			return "none"
		}
		return strings.Join(l, ", ")
	}
	return fmt.Sprintf("ready %s; not ready %s; ports %s", list(ready), list(notReady), list(ports))
}
