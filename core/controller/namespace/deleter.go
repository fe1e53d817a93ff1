package namespace

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// finalizerToken is the spec finalizer this controller owns
// (v1.FinalizerKubernetes).
const finalizerToken = apiserver.FinalizerKubernetes

// finalizerEstimateSeconds is what the deleter waits, by default, for
// content held back by finalizers (garbage collection, usually).
const finalizerEstimateSeconds = 15

var podKind = api.KindOf(&api.Pod{})

// ResourcesRemainingError says content was deleted but has not gone yet,
// with an estimate of how long it will take.
type ResourcesRemainingError struct{ Estimate int64 }

func (e *ResourcesRemainingError) Error() string {
	return fmt.Sprintf("some content remains in the namespace, estimate %d seconds before it is removed", e.Estimate)
}

// deleter models namespacedResourcesDeleter
// (pkg/controller/namespace/deletion/namespaced_resources_deleter.go). Like
// upstream it reads and writes through the API server, not the informer
// caches: the namespace is read fresh, and content is listed live.
type deleter struct {
	server *apiserver.Server
	clock  clock.Source
}

// Delete models namespacedResourcesDeleter.Delete: for a namespace being
// deleted, make sure it is Terminating, delete its content, and, once none
// is left, remove the `kubernetes` finalizer through namespaces/finalize
// (with spec.finalizers empty the API server then deletes it). A
// ResourcesRemainingError asks to be called again later.
func (d *deleter) Delete(name string, ds *controller.Decisions) error {
	ns, err := apiserver.GetAs[*api.Namespace](d.server, "", name)
	if err != nil {
		if apiserver.IsNotFound(err) {
			return nil
		}
		return err
	}
	if ns.DeletionTimestamp == nil {
		return nil
	}
	ns, err = d.retryOnConflictError(ns, d.updateNamespaceStatus)
	if err != nil {
		if apiserver.IsNotFound(err) {
			return nil
		}
		return err
	}
	if ns.DeletionTimestamp.IsZero() {
		return nil
	}
	if finalized(ns) {
		return nil
	}
	estimate, err := d.deleteAllContent(ns, ds)
	if err != nil {
		return err
	}
	if estimate > 0 {
		return &ResourcesRemainingError{estimate}
	}
	before := slices.Clone(ns.Spec.Finalizers)
	if _, err := d.retryOnConflictError(ns, d.finalizeNamespace); err != nil && !apiserver.IsNotFound(err) {
		return err
	}
	after := withoutToken(before)
	result := "namespace deleted by the API server"
	say := controller.Msg("namespace.finalized", controller.Name("namespace", name), controller.Name("finalizer", finalizerToken))
	if len(after) > 0 {
		result = fmt.Sprintf("spec.finalizers %v remain: the namespace stays until they go", after)
		say = controller.Msg("namespace.otherFinalizers", controller.Name("namespace", name), controller.Name("finalizer", finalizerToken),
			controller.Name("finalizers", strings.Join(after, ", ")))
	}
	ds.Add("finalizeNamespace", fmt.Sprintf("no content left; spec.finalizers %v − %q = %v", before, finalizerToken, after), result).
		SayMessage(say)
	return nil
}

// retryOnConflictError models retryOnConflictError: fn is retried on the
// latest namespace while it conflicts, unless the namespace was replaced.
func (d *deleter) retryOnConflictError(ns *api.Namespace, fn func(*api.Namespace) (*api.Namespace, error)) (*api.Namespace, error) {
	latest := ns
	for {
		result, err := fn(latest)
		if err == nil {
			return result, nil
		}
		if !apiserver.IsConflict(err) {
			return nil, err
		}
		prev := latest
		latest, err = apiserver.GetAs[*api.Namespace](d.server, "", latest.Name)
		if err != nil {
			return nil, err
		}
		if prev.UID != latest.UID {
			return nil, fmt.Errorf("namespace uid has changed across retries")
		}
	}
}

// updateNamespaceStatus models updateNamespaceStatusFunc: a namespace with
// a deletionTimestamp is put in phase Terminating (the API server already
// does so on delete; this covers one marked otherwise).
func (d *deleter) updateNamespaceStatus(ns *api.Namespace) (*api.Namespace, error) {
	if ns.DeletionTimestamp.IsZero() || ns.Status.Phase == api.NamespaceTerminating {
		return ns, nil
	}
	upd := api.DeepCopy(ns)
	upd.Status.Phase = api.NamespaceTerminating
	obj, err := d.server.UpdateStatus(upd)
	if err != nil {
		return nil, err
	}
	return obj.(*api.Namespace), nil
}

// finalized is true once spec.finalizers is empty.
func finalized(ns *api.Namespace) bool { return len(ns.Spec.Finalizers) == 0 }

// withoutToken is spec.finalizers without this controller's token, sorted
// and without duplicates (a sets.String's List).
func withoutToken(finalizers []string) []string {
	out := []string{}
	for _, f := range finalizers {
		if f != finalizerToken && !slices.Contains(out, f) {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}

// finalizeNamespace models finalizeNamespace: the namespace's metadata and
// spec, its finalizers without the token, written to namespaces/finalize.
func (d *deleter) finalizeNamespace(ns *api.Namespace) (*api.Namespace, error) {
	fin := &api.Namespace{ObjectMeta: ns.ObjectMeta, Spec: ns.Spec}
	fin = api.DeepCopy(fin)
	fin.Spec.Finalizers = withoutToken(ns.Spec.Finalizers)
	out, err := d.server.FinalizeNamespace(fin)
	if apiserver.IsNotFound(err) {
		return out, nil // removed already
	}
	return out, err
}

// discoverResources stands for the discovery call: the namespaced
// resources that support delete, which in the playground are every
// namespaced kind it serves, in discovery order (upstream walks a map, in
// no order). Discovery never fails here, so NamespaceDeletionDiscoveryFailure
// and NamespaceDeletionGroupVersionParsingFailure stay False.
func discoverResources() []*api.KindInfo {
	var out []*api.KindInfo
	for _, k := range api.Kinds() {
		if k.Namespaced {
			out = append(out, k)
		}
	}
	return out
}

// gvrString is how upstream prints a GroupVersionResource with %v:
// "/v1, Resource=pods", "apps/v1, Resource=deployments".
func gvrString(k *api.KindInfo) string {
	return k.Group + "/" + k.Version + ", Resource=" + k.Resource
}

// gvrDeletionMetadata is what deleting one resource left behind.
type gvrDeletionMetadata struct {
	// finalizerEstimateSeconds is how much longer to wait; 0 means no
	// estimate, not that everything is gone.
	finalizerEstimateSeconds int64
	numRemaining             int
	finalizersToNumRemaining map[string]int
}

// allGVRDeletionMetadata totals what remains across resources.
type allGVRDeletionMetadata struct {
	gvrToNumRemaining        map[*api.KindInfo]int
	finalizersToNumRemaining map[string]int
}

func (t *allGVRDeletionMetadata) add(k *api.KindInfo, md gvrDeletionMetadata) {
	if md.numRemaining == 0 {
		return
	}
	t.gvrToNumRemaining[k] = md.numRemaining
	for f, n := range md.finalizersToNumRemaining {
		if n > 0 {
			t.finalizersToNumRemaining[f] += n
		}
	}
}

// deleteAllContent models deleteAllContent with ordered namespace deletion
// (KEP-5080, always on since v1.34): pods are deleted first, and while any
// remains nothing else is touched; then every other resource. The
// namespace's conditions are brought up to date either way (on the pods
// path without the remaining-content totals, as upstream: while pods
// terminate NamespaceContentRemaining reads False, "All content
// successfully removed"; kubernetes#138208). It returns the longest
// estimate of the content still going.
func (d *deleter) deleteAllContent(ns *api.Namespace, ds *controller.Decisions) (int64, error) {
	namespace := ns.Name
	deletedAt := ns.DeletionTimestamp.Time
	var errs []error
	u := &conditionUpdater{now: api.NewTime(d.clock.Now())}
	var estimate int64
	totals := allGVRDeletionMetadata{gvrToNumRemaining: map[*api.KindInfo]int{}, finalizersToNumRemaining: map[string]int{}}
	resources := discoverResources()

	if slices.Contains(resources, podKind) {
		md, err := d.deleteAllContentForGroupVersionResource(podKind, namespace, deletedAt, ds)
		if err != nil {
			errs = append(errs, fmt.Errorf("failed to delete pods for namespace: %s, err: %w", namespace, err))
			u.ProcessDeleteContentErr(err)
		}
		estimate = max(estimate, md.finalizerEstimateSeconds)
		totals.add(podKind, md)
		if totals.gvrToNumRemaining[podKind] > 0 {
			d.updateConditions(ns, u)
			return estimate, aggregate(errs)
		}
	}
	for _, k := range resources {
		if k == podKind {
			continue
		}
		md, err := d.deleteAllContentForGroupVersionResource(k, namespace, deletedAt, ds)
		if err != nil {
			errs = append(errs, err)
			u.ProcessDeleteContentErr(err)
		}
		estimate = max(estimate, md.finalizerEstimateSeconds)
		totals.add(k, md)
	}
	u.ProcessContentTotals(totals)
	d.updateConditions(ns, u)
	return estimate, aggregate(errs)
}

// updateConditions writes the namespace's conditions if they changed; a
// failure is only logged upstream.
func (d *deleter) updateConditions(ns *api.Namespace, u *conditionUpdater) {
	if u.Update(ns) {
		d.server.UpdateStatus(ns)
	}
}

// deleteAllContentForGroupVersionResource models the function of that name:
// estimate the graceful termination, delete the collection (or each item
// where deletecollection is not served), then list what is left. Left
// items with an estimate are fine; with finalizers they get the default
// 15 s; otherwise their staying is an error.
func (d *deleter) deleteAllContentForGroupVersionResource(k *api.KindInfo, namespace string, deletedAt time.Time,
	ds *controller.Decisions) (gvrDeletionMetadata, error) {
	estimate, why, err := d.estimateGracefulTermination(k, namespace, deletedAt)
	if err != nil {
		return gvrDeletionMetadata{}, err
	}
	present := d.server.Count(k, namespace)
	supported, err := d.deleteCollection(k, namespace)
	if err != nil {
		return gvrDeletionMetadata{finalizerEstimateSeconds: estimate}, err
	}
	verb := "deletecollection"
	if !supported {
		verb = "delete each"
		if err := d.deleteEachItem(k, namespace); err != nil {
			return gvrDeletionMetadata{finalizerEstimateSeconds: estimate}, err
		}
	}
	items, err := d.server.List(k, namespace, nil)
	if err != nil {
		return gvrDeletionMetadata{finalizerEstimateSeconds: estimate}, err
	}
	n := len(items.Items)
	note := func(result string, say *controller.Message) {
		if present > 0 || n > 0 {
			ds.Add("deleteAllContentForGroupVersionResource",
				fmt.Sprintf("%s: %d present; %s (propagation Background); %d remain; %s", k.GroupResource(), present, verb, n, why),
				result).
				SayMessage(say)
		}
	}
	if n == 0 {
		note("all gone", controller.Msg("namespace.contentGone", controller.Count("n", present), controller.Name("resource", k.GroupResource())))
		return gvrDeletionMetadata{}, nil
	}
	finalizers := map[string]int{}
	for _, item := range items.Items {
		for _, f := range item.GetObjectMeta().Finalizers {
			finalizers[f]++
		}
	}
	md := gvrDeletionMetadata{numRemaining: n, finalizersToNumRemaining: finalizers}
	switch {
	case estimate != 0:
		md.finalizerEstimateSeconds = estimate
		note(fmt.Sprintf("wait: estimate %d s", estimate),
			controller.Msg("namespace.contentTerminating", controller.Count("n", n), controller.Name("resource", k.GroupResource()), controller.Count("seconds", estimate)))
		return md, nil
	case len(finalizers) > 0:
		md.finalizerEstimateSeconds = finalizerEstimateSeconds
		held := finalizerList(finalizers)
		note(fmt.Sprintf("held by finalizers %s: wait the default %d s", held, finalizerEstimateSeconds),
			controller.Msg("namespace.contentFinalizers", controller.Count("n", n), controller.Name("resource", k.GroupResource()),
				controller.Name("finalizers", held), controller.Count("seconds", finalizerEstimateSeconds)))
		return md, nil
	}
	err = fmt.Errorf("unexpected items still remain in namespace: %s for gvr: %s", namespace, gvrString(k))
	note("error: "+err.Error(), controller.Msg("namespace.contentStuck", controller.Text("message", err.Error())))
	return md, err
}

func finalizerList(m map[string]int) string {
	var parts []string
	for f, n := range m {
		parts = append(parts, fmt.Sprintf("%s×%d", f, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// deleteCollection models deleteCollection: one deletecollection with
// propagation Background (so the garbage collector adds no orphan
// finalizer); false when the resource does not serve the verb.
func (d *deleter) deleteCollection(k *api.KindInfo, namespace string) (bool, error) {
	background := apiserver.DeletePropagationBackground
	err := d.server.DeleteCollection(k, namespace, &apiserver.DeleteOptions{PropagationPolicy: &background})
	switch {
	case err == nil:
		return true, nil
	case apiserver.IsMethodNotSupported(err) || apiserver.IsNotFound(err):
		return false, nil
	}
	return true, err
}

// deleteEachItem models deleteEachItem: list, then delete every item with
// propagation Background.
func (d *deleter) deleteEachItem(k *api.KindInfo, namespace string) error {
	items, err := d.server.List(k, namespace, nil)
	if err != nil {
		return err
	}
	background := apiserver.DeletePropagationBackground
	for _, item := range items.Items {
		name := item.GetObjectMeta().Name
		_, _, err := d.server.Delete(k, namespace, name, &apiserver.DeleteOptions{PropagationPolicy: &background})
		if err != nil && !apiserver.IsNotFound(err) && !apiserver.IsMethodNotSupported(err) {
			return err
		}
	}
	return nil
}

// estimateGracefulTermination models the function of that name: for pods,
// the longest terminationGracePeriodSeconds of the unfinished ones, unless
// that much time has passed since the namespace's deletion; 0 for other
// resources. why explains the number.
func (d *deleter) estimateGracefulTermination(k *api.KindInfo, namespace string, deletedAt time.Time) (int64, string, error) {
	if k != podKind {
		return 0, "no grace estimate", nil
	}
	pods, _, err := apiserver.ListAs[*api.Pod](d.server, namespace, nil)
	if err != nil {
		return 0, "", err
	}
	// estimateGracefulTerminationForPods
	var estimate int64
	for _, p := range pods {
		if p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
			continue
		}
		if g := p.Spec.TerminationGracePeriodSeconds; g != nil && *g > estimate {
			estimate = *g
		}
	}
	since := d.clock.Now().Sub(deletedAt)
	why := fmt.Sprintf("estimate %d s (longest grace of unfinished pods; namespace deleted %s ago)", estimate, since)
	if since >= time.Duration(estimate)*time.Second {
		why = fmt.Sprintf("estimate 0 (grace %d s already passed: namespace deleted %s ago)", estimate, since)
		estimate = 0
	}
	return estimate, why, nil
}

// aggregate models utilerrors.NewAggregate's message: nil for none, the
// error itself for one, "[a, b]" (duplicates dropped) for more.
func aggregate(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	var msgs []string
	for _, e := range errs {
		if m := e.Error(); !slices.Contains(msgs, m) {
			msgs = append(msgs, m)
		}
	}
	if len(msgs) == 1 {
		return errs[0]
	}
	return fmt.Errorf("[%s]", strings.Join(msgs, ", "))
}
