package endpointslice

import (
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/controller"
)

// reconciler models k8s.io/endpointslice's Reconciler: it turns the pods
// matching a Service into EndpointSlices, changing as few slices as it can.
type reconciler struct {
	server               *apiserver.Server
	nodes                *controller.Store
	kind                 *api.KindInfo
	maxEndpointsPerSlice int
	tracker              *sliceTracker
	controllerName       string
}

// endpointMeta models the type of that name: what slices are grouped by.
type endpointMeta struct {
	ports       []api.EndpointPort
	addressType api.AddressType
}

// changes records what a reconcile did, for the decision record.
type changes struct {
	created, updated, deleted []string
}

func (c *changes) String() string {
	var parts []string
	add := func(verb string, names []string) {
		if len(names) > 0 {
			parts = append(parts, verb+" "+strings.Join(names, ", "))
		}
	}
	add("create", c.created)
	add("update", c.updated)
	add("delete", c.deleted)
	if len(parts) == 0 {
		return "no change"
	}
	return strings.Join(parts, "; ")
}

// sentence says what the reconcile changed, in plain words.
func (c *changes) sentence(service string, pods int) *controller.Message {
	if len(c.created)+len(c.updated)+len(c.deleted) == 0 {
		return controller.Msg("endpointslice.unchanged", controller.Name("service", service), controller.Count("pods", pods))
	}
	return controller.Msg("endpointslice.reconciled", controller.Name("service", service), controller.Count("pods", pods),
		controller.Count("created", len(c.created)), controller.Count("updated", len(c.updated)), controller.Count("deleted", len(c.deleted)))
}

// reconcile models Reconciler.Reconcile: slices of an address type the
// Service no longer has are deleted; each address type it has is
// reconciled.
func (r *reconciler) reconcile(svc *api.Service, pods []*api.Pod, existing []*api.EndpointSlice, trigger time.Time, ch *changes) error {
	var errs []error
	supported := getAddressTypesForService(svc)
	byType := map[api.AddressType][]*api.EndpointSlice{}
	var toDelete []*api.EndpointSlice
	for _, s := range existing {
		if !slices.Contains(supported, s.AddressType) {
			toDelete = append(toDelete, s)
			continue
		}
		byType[s.AddressType] = append(byType[s.AddressType], s)
	}
	for _, at := range supported {
		if err := r.reconcileByAddressType(svc, pods, byType[at], trigger, at, ch); err != nil {
			errs = append(errs, err)
		}
	}
	for _, s := range toDelete {
		if err := r.deleteEndpointSlice(svc, s, ch); err != nil {
			errs = append(errs, fmt.Errorf("error deleting %s EndpointSlice for Service %s/%s: %w", s.Name, svc.Namespace, svc.Name, err))
		}
	}
	return aggregate(errs)
}

// deleteEndpointSlice models the method of that name: a slice already
// gone is not an error.
func (r *reconciler) deleteEndpointSlice(svc *api.Service, s *api.EndpointSlice, ch *changes) error {
	if _, _, err := r.server.Delete(r.kind, svc.Namespace, s.Name, nil); err != nil {
		if apiserver.IsNotFound(err) {
			return nil
		}
		return err
	}
	r.tracker.expectDeletion(s)
	ch.deleted = append(ch.deleted, s.Name)
	return nil
}

// reconcileByAddressType models the method of that name.
func (r *reconciler) reconcileByAddressType(svc *api.Service, pods []*api.Pod, existing []*api.EndpointSlice, trigger time.Time, at api.AddressType, ch *changes) error {
	var errs []error
	var toCreate, toUpdate, toDelete []*api.EndpointSlice

	existingByPortMap := map[string][]*api.EndpointSlice{}
	var existingKeys []string
	for _, s := range existing {
		if !ownedBy(s, svc) {
			toDelete = append(toDelete, s)
			continue
		}
		k := portMapKey(s.Ports)
		if _, ok := existingByPortMap[k]; !ok {
			existingKeys = append(existingKeys, k)
		}
		existingByPortMap[k] = append(existingByPortMap[k], s)
	}

	desiredMeta := map[string]*endpointMeta{}
	desiredEndpoints := map[string]*endpointSet{}
	var desiredKeys []string
	for _, pod := range pods {
		if !ShouldPodBeInEndpoints(pod, true) {
			continue
		}
		ports := getEndpointPorts(svc, pod)
		k := portMapKey(ports)
		if _, ok := desiredEndpoints[k]; !ok {
			desiredEndpoints[k] = newEndpointSet()
			desiredMeta[k] = &endpointMeta{addressType: at, ports: ports}
			desiredKeys = append(desiredKeys, k)
		}
		node, found := controller.GetAs[*api.Node](r.nodes, "", pod.Spec.NodeName)
		if !found {
			node = nil
			if !svc.Spec.PublishNotReadyAddresses {
				errs = append(errs, fmt.Errorf("skipping Pod %s for Service %s/%s: Node %s Not Found", pod.Name, svc.Namespace, svc.Name, pod.Spec.NodeName))
				continue
			}
		}
		ep := podToEndpoint(pod, node, svc)
		if len(ep.Addresses) > 0 {
			desiredEndpoints[k].insert(&ep)
		}
	}

	for _, k := range desiredKeys {
		c, u, d := r.reconcileByPortMapping(svc, existingByPortMap[k], desiredEndpoints[k], desiredMeta[k])
		toCreate = append(toCreate, c...)
		toUpdate = append(toUpdate, u...)
		toDelete = append(toDelete, d...)
	}
	for _, k := range existingKeys {
		if _, ok := desiredEndpoints[k]; !ok {
			toDelete = append(toDelete, existingByPortMap[k]...)
		}
	}

	// With no endpoints at all a Service still gets one empty
	// ("placeholder") slice.
	if len(existing) == len(toDelete) && len(toCreate) < 1 {
		placeholder := newEndpointSlice(svc, &endpointMeta{ports: []api.EndpointPort{}, addressType: at}, r.controllerName)
		if len(toDelete) == 1 && placeholderEqual(toDelete[0], placeholder) {
			toDelete = toDelete[:0]
		} else {
			toCreate = append(toCreate, placeholder)
		}
	}

	if err := r.finalize(svc, toCreate, toUpdate, toDelete, trigger, ch); err != nil {
		errs = append(errs, err)
	}
	return aggregate(errs)
}

// placeholderEqual models placeholderSliceCompare: namespace, labels,
// address type, and no endpoints or ports.
func placeholderEqual(a, b *api.EndpointSlice) bool {
	if a.Namespace != b.Namespace || len(a.Labels) != len(b.Labels) {
		return false
	}
	for k, v := range a.Labels {
		if w, ok := b.Labels[k]; !ok || w != v {
			return false
		}
	}
	return a.AddressType == b.AddressType && len(a.Endpoints) == 0 && len(b.Endpoints) == 0 &&
		len(a.Ports) == 0 && len(b.Ports) == 0
}

// ShouldPodBeInEndpoints models the endpointsliceutil function of that
// name: a pod that has not finished and has an IP; a terminating one only
// with includeTerminating (always for EndpointSlices, with
// publishNotReadyAddresses for Endpoints).
func ShouldPodBeInEndpoints(pod *api.Pod, includeTerminating bool) bool {
	if controller.IsPodTerminal(pod) {
		return false
	}
	if pod.Status.PodIP == "" && len(pod.Status.PodIPs) == 0 {
		return false
	}
	return includeTerminating || pod.DeletionTimestamp == nil
}

// finalize models the method of that name: creates that can reuse a
// slice about to be deleted become updates of it; then creates (not for a
// Service being deleted), updates and deletes are written.
func (r *reconciler) finalize(svc *api.Service, toCreate, toUpdate, toDelete []*api.EndpointSlice, trigger time.Time, ch *changes) error {
	for i := 0; i < len(toDelete); {
		if len(toCreate) == 0 {
			break
		}
		del := toDelete[i]
		s := toCreate[len(toCreate)-1]
		if del.AddressType == s.AddressType && ownedBy(del, svc) {
			s.Name = del.Name
			toCreate = toCreate[:len(toCreate)-1]
			toUpdate = append(toUpdate, s)
			toDelete = append(toDelete[:i], toDelete[i+1:]...)
		} else {
			i++
		}
	}
	if svc.DeletionTimestamp == nil {
		for _, s := range toCreate {
			addTriggerTimeAnnotation(s, trigger)
			obj, err := r.server.Create(s)
			if err != nil {
				if controller.HasStatusCause(err, apiserver.CauseTypeNamespaceTerminating) {
					return nil
				}
				return fmt.Errorf("failed to create EndpointSlice for Service %s/%s: %v", svc.Namespace, svc.Name, err)
			}
			created := obj.(*api.EndpointSlice)
			r.tracker.update(created)
			ch.created = append(ch.created, created.Name)
		}
	}
	for _, s := range toUpdate {
		addTriggerTimeAnnotation(s, trigger)
		obj, err := r.server.Update(s)
		if err != nil {
			return fmt.Errorf("failed to update %s EndpointSlice for Service %s/%s: %v", s.Name, svc.Namespace, svc.Name, err)
		}
		r.tracker.update(obj.(*api.EndpointSlice))
		ch.updated = append(ch.updated, s.Name)
	}
	for _, s := range toDelete {
		if err := r.deleteEndpointSlice(svc, s, ch); err != nil {
			return fmt.Errorf("failed to delete %s EndpointSlice for Service %s/%s: %v", s.Name, svc.Namespace, svc.Name, err)
		}
	}
	return nil
}

// reconcileByPortMapping models the method of that name, for the slices
// of one set of ports:
//  1. existing slices drop endpoints no longer desired and take the new
//     version of those that changed (and the Service's labels);
//  2. slices already being updated are filled up, fullest first;
//  3. what is left goes into the unchanged slice it fills best, or into
//     new slices of at most maxEndpointsPerSlice endpoints.
func (r *reconciler) reconcileByPortMapping(svc *api.Service, existing []*api.EndpointSlice, desired *endpointSet, meta *endpointMeta) (toCreate, toUpdate, toDelete []*api.EndpointSlice) {
	byName := map[string]*api.EndpointSlice{}
	unchanged, update, del := map[string]bool{}, map[string]bool{}, map[string]bool{}

	for _, s := range existing {
		byName[s.Name] = s
		var kept []api.Endpoint
		changed := false
		for i := range s.Endpoints {
			ep := &s.Endpoints[i]
			if got := desired.get(ep); got != nil {
				kept = append(kept, *got)
				if !endpointsEqualBeyondHash(got, ep) {
					changed = true
				}
				desired.delete(ep)
			}
		}
		labels, labelsChanged := setEndpointSliceLabels(s, svc, r.controllerName)
		switch {
		case changed || len(s.Endpoints) != len(kept):
			if len(kept) == 0 {
				del[s.Name] = true
			} else {
				c := api.DeepCopy(s)
				c.Endpoints = kept
				c.Labels = labels
				byName[s.Name] = c
				update[s.Name] = true
			}
		case labelsChanged:
			c := api.DeepCopy(s)
			c.Labels = labels
			byName[s.Name] = c
			update[s.Name] = true
		default:
			unchanged[s.Name] = true
		}
	}

	if desired.len() > 0 && len(update) > 0 {
		var fill []*api.EndpointSlice
		for _, name := range sortedKeys(update) {
			fill = append(fill, byName[name])
		}
		sort.SliceStable(fill, func(i, j int) bool { return len(fill[i].Endpoints) > len(fill[j].Endpoints) })
		for _, s := range fill {
			for desired.len() > 0 && len(s.Endpoints) < r.maxEndpointsPerSlice {
				s.Endpoints = append(s.Endpoints, *desired.popAny())
			}
		}
	}

	for desired.len() > 0 {
		var target *api.EndpointSlice
		if desired.len() < r.maxEndpointsPerSlice && len(unchanged) > 0 {
			var cands []*api.EndpointSlice
			for _, name := range sortedKeys(unchanged) {
				cands = append(cands, byName[name])
			}
			target = getSliceToFill(cands, desired.len(), r.maxEndpointsPerSlice)
		}
		if target == nil {
			target = newEndpointSlice(svc, meta, r.controllerName)
		} else {
			target = api.DeepCopy(target)
			byName[target.Name] = target
		}
		for desired.len() > 0 && len(target.Endpoints) < r.maxEndpointsPerSlice {
			target.Endpoints = append(target.Endpoints, *desired.popAny())
		}
		if target.Name != "" {
			update[target.Name] = true
			delete(unchanged, target.Name)
		} else {
			toCreate = append(toCreate, target)
		}
	}

	for _, name := range sortedKeys(update) {
		toUpdate = append(toUpdate, byName[name])
	}
	for _, name := range sortedKeys(del) {
		toDelete = append(toDelete, byName[name])
	}
	return toCreate, toUpdate, toDelete
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// aggregate models utilerrors.NewAggregate: nil for none, the error for
// one, "[a, b]" for several.
func aggregate(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return errors.New("[" + strings.Join(msgs, ", ") + "]")
}
