package deployment

import (
	"fmt"
	"reflect"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
	deploymentutil "github.com/kubeplay/kubeplay/core/controller/deployment/util"
)

// This file models pkg/controller/deployment/deployment_controller.go: the
// informer handlers that decide which Deployment to wake up, and
// syncDeployment, which decides which path a sync takes.

// Name is the component name the controller's events carry.
const Name = "deployment-controller"

// maxRetries is how many failed syncs in a row a Deployment gets before it
// is dropped from the queue (until the next event about it).
const maxRetries = 15

// maxRevHistoryLengthInChars bounds the revision-history annotation a
// rollback leaves on a ReplicaSet (deployment_controller.go).
const maxRevHistoryLengthInChars = 2000

// DeploymentController is the simulated Deployment controller.
type DeploymentController struct {
	// client is the controller's own clientset
	// (ClientBuilder.ClientOrDie("deployment-controller")): each write
	// waits for a token from its bucket; its events take tokens too.
	client   *controller.Client
	ctx      *controller.Context
	clock    clock.Source
	queue    *controller.Queue
	recorder *controller.Recorder

	dLister, rsLister, podLister *controller.Store
	dKind, rsKind, podKind       *api.KindInfo
}

var _ controller.Controller = (*DeploymentController)(nil)

// New builds the controller and registers its informer handlers
// (NewDeploymentController). Deployments already in the cache are queued, as
// the informers' initial list would deliver them as additions.
func New(ctx *controller.Context) *DeploymentController {
	dKind := api.DeploymentKind
	rsKind := api.ReplicaSetKind
	podKind := api.PodKind
	dc := &DeploymentController{
		client:    ctx.Client(Name),
		ctx:       ctx,
		clock:     ctx.Clock,
		queue:     ctx.NewQueue(),
		recorder:  ctx.Recorder(Name, "").WithClient(ctx.Client(Name)),
		dLister:   ctx.Informers.Lister(dKind),
		rsLister:  ctx.Informers.Lister(rsKind),
		podLister: ctx.Informers.Lister(podKind),
		dKind:     dKind, rsKind: rsKind, podKind: podKind,
	}
	ctx.Informers.AddHandler(dKind, controller.Handler{
		Add:    dc.addDeployment,
		Update: dc.updateDeployment,
		Delete: dc.deleteDeployment,
	})
	ctx.Informers.AddHandler(rsKind, controller.Handler{
		Add:    dc.addReplicaSet,
		Update: dc.updateReplicaSet,
		Delete: dc.deleteReplicaSet,
	})
	// Upstream watches pods only for deletions, to finish Recreate rollouts.
	ctx.Informers.AddHandler(podKind, controller.Handler{Delete: dc.deletePod})
	return dc
}

// Name implements controller.Controller.
func (dc *DeploymentController) Name() string { return Name }

// Client implements controller.ClientUser.
func (dc *DeploymentController) Client() *controller.Client { return dc.client }

// Queue implements controller.Controller.
func (dc *DeploymentController) Queue() *controller.Queue { return dc.queue }

// MaxRetries implements controller.Controller.
func (dc *DeploymentController) MaxRetries() int { return maxRetries }

// Sync implements controller.Controller: syncDeployment, plus handleErr's
// one special case — an error caused by a terminating namespace is not
// retried, since every later create would fail the same way.
func (dc *DeploymentController) Sync(key string, ds *controller.Decisions) error {
	err := dc.syncDeployment(key, ds)
	if err != nil && controller.HasStatusCause(err, apiserver.CauseTypeNamespaceTerminating) {
		ds.Add("handleErr", err.Error(), "namespace is terminating: not retried").
			Say("deployment.namespaceTerminating")
		return nil
	}
	return err
}

func (dc *DeploymentController) now() time.Time { return dc.clock.Now() }

// --- event handlers --------------------------------------------------------

func (dc *DeploymentController) enqueueDeployment(d *api.Deployment) {
	dc.queue.Add(controller.KeyOf(d))
}

func (dc *DeploymentController) enqueueRateLimited(d *api.Deployment) {
	dc.queue.AddRateLimited(controller.KeyOf(d))
}

// enqueueAfter queues d once after has passed (the progress-deadline
// re-check).
func (dc *DeploymentController) enqueueAfter(d *api.Deployment, after time.Duration) {
	dc.queue.AddAfter(controller.KeyOf(d), after)
}

func (dc *DeploymentController) addDeployment(obj api.Object) {
	dc.enqueueDeployment(obj.(*api.Deployment))
}

func (dc *DeploymentController) updateDeployment(_, cur api.Object) {
	dc.enqueueDeployment(cur.(*api.Deployment))
}

func (dc *DeploymentController) deleteDeployment(obj api.Object) {
	dc.enqueueDeployment(obj.(*api.Deployment))
}

// addReplicaSet wakes the Deployment controlling a new ReplicaSet or, for
// an orphan, every Deployment that might adopt it.
func (dc *DeploymentController) addReplicaSet(obj api.Object) {
	rs := obj.(*api.ReplicaSet)
	if rs.DeletionTimestamp != nil {
		// Seen for the first time already being deleted (a relist).
		dc.deleteReplicaSet(rs)
		return
	}
	if ref := rs.ControllerRef(); ref != nil {
		if d := dc.resolveControllerRef(rs.Namespace, ref); d != nil {
			dc.enqueueDeployment(d)
		}
		return
	}
	for _, d := range dc.getDeploymentsForReplicaSet(rs) {
		dc.enqueueDeployment(d)
	}
}

// getDeploymentsForReplicaSet returns the Deployments whose selector
// matches rs. More than one is a user error that ControllerRef keeps
// harmless; all of them are woken.
func (dc *DeploymentController) getDeploymentsForReplicaSet(rs *api.ReplicaSet) []*api.Deployment {
	all := controller.ListAs[*api.Deployment](dc.dLister, rs.Namespace, nil)
	ds, err := deploymentutil.GetDeploymentsForReplicaSet(all, rs)
	if err != nil {
		return nil
	}
	return ds
}

// updateReplicaSet wakes the Deployments affected by a ReplicaSet change:
// the old controller if the controllerRef changed, the current one, or for
// an orphan whose labels or controllerRef changed, every matching
// Deployment.
func (dc *DeploymentController) updateReplicaSet(old, cur api.Object) {
	oldRS, curRS := old.(*api.ReplicaSet), cur.(*api.ReplicaSet)
	if curRS.ResourceVersion == oldRS.ResourceVersion {
		return // a resync, not a change
	}
	curRef, oldRef := curRS.ControllerRef(), oldRS.ControllerRef()
	refChanged := !reflect.DeepEqual(curRef, oldRef)
	if refChanged && oldRef != nil {
		if d := dc.resolveControllerRef(oldRS.Namespace, oldRef); d != nil {
			dc.enqueueDeployment(d)
		}
	}
	if curRef != nil {
		if d := dc.resolveControllerRef(curRS.Namespace, curRef); d != nil {
			dc.enqueueDeployment(d)
		}
		return
	}
	if refChanged || !reflect.DeepEqual(curRS.Labels, oldRS.Labels) {
		for _, d := range dc.getDeploymentsForReplicaSet(curRS) {
			dc.enqueueDeployment(d)
		}
	}
}

// deleteReplicaSet wakes the controlling Deployment; nobody cares about
// deleted orphans.
func (dc *DeploymentController) deleteReplicaSet(obj api.Object) {
	rs := obj.(*api.ReplicaSet)
	ref := rs.ControllerRef()
	if ref == nil {
		return
	}
	if d := dc.resolveControllerRef(rs.Namespace, ref); d != nil {
		dc.enqueueDeployment(d)
	}
}

// deletePod wakes the Deployment controlling a deleted pod's ReplicaSet if
// it uses the Recreate strategy: every such deletion, since the last old pod
// going is the moment Recreate may create the new ReplicaSet. RollingUpdate
// Deployments are woken by their ReplicaSets' status changes instead.
// (deployment_controller.go deletePod, v1.37: the older "only once the
// Deployment has no pods left" count, with its live ReplicaSet list, is
// gone.)
func (dc *DeploymentController) deletePod(obj api.Object) {
	d := dc.getDeploymentForPod(obj.(*api.Pod))
	if d != nil && d.Spec.Strategy.Type == api.RecreateDeploymentStrategyType {
		dc.enqueueDeployment(d)
	}
}

// getDeploymentForPod follows pod → controlling ReplicaSet → controlling
// Deployment through the caches.
func (dc *DeploymentController) getDeploymentForPod(pod *api.Pod) *api.Deployment {
	ref := pod.ControllerRef()
	if ref == nil || ref.Kind != dc.rsKind.Kind {
		return nil
	}
	rs, ok := controller.GetAs[*api.ReplicaSet](dc.rsLister, pod.Namespace, ref.Name)
	if !ok || rs.UID != ref.UID {
		return nil
	}
	rsRef := rs.ControllerRef()
	if rsRef == nil {
		return nil
	}
	return dc.resolveControllerRef(rs.Namespace, rsRef)
}

// resolveControllerRef returns the Deployment a controllerRef points at, if
// it exists with that uid (a same-named newer Deployment is a different
// owner).
func (dc *DeploymentController) resolveControllerRef(namespace string, ref *api.OwnerReference) *api.Deployment {
	if ref.Kind != dc.dKind.Kind {
		return nil
	}
	d, ok := controller.GetAs[*api.Deployment](dc.dLister, namespace, ref.Name)
	if !ok || d.UID != ref.UID {
		return nil
	}
	return d
}

// --- syncDeployment --------------------------------------------------------

// getReplicaSetsForDeployment lists every ReplicaSet in the namespace and
// claims them: orphans matching the selector are adopted, owned ones that
// no longer match are released (ControllerRefManager.ClaimReplicaSets, with
// an uncached re-read of the Deployment before the first adoption).
func (dc *DeploymentController) getReplicaSetsForDeployment(d *api.Deployment, ds *controller.Decisions) ([]*api.ReplicaSet, error) {
	all := controller.ListAs[*api.ReplicaSet](dc.rsLister, d.Namespace, nil)
	sel, err := labels.SelectorFromLabelSelector(d.Spec.Selector)
	if err != nil {
		return nil, fmt.Errorf("deployment %s/%s has invalid label selector: %v", d.Namespace, d.Name, err)
	}
	return controller.ClaimReplicaSets(dc.ctx, d, sel, all, ds)
}

// getPodMapForDeployment groups, by ReplicaSet uid, the pods whose
// controller reference is one of rsList (deployment_controller.go
// getPodMapForDeployment, v1.37: controller.FilterPodsByOwner on the pod
// informer's controller index, no orphans). There is no selector test: a
// pod relabelled out of the Deployment's selector still counts until its
// ReplicaSet releases it. Inactive and terminating pods are kept: Recreate
// must see them.
func (dc *DeploymentController) getPodMapForDeployment(rsList []*api.ReplicaSet) (map[string][]*api.Pod, error) {
	podMap := make(map[string][]*api.Pod, len(rsList))
	for _, rs := range rsList {
		pods, err := controller.FilterPodsByOwner(dc.podLister, &rs.ObjectMeta, dc.rsKind.Kind, false)
		if err != nil {
			return nil, err
		}
		if pods == nil {
			pods = []*api.Pod{}
		}
		podMap[rs.UID] = pods
	}
	return podMap, nil
}

// syncDeployment reconciles one Deployment, in upstream's order:
// deleted → nothing; empty selector → warn; claim ReplicaSets;
// being deleted → status only; paused conditions; paused → scale only;
// deprecated rollback annotation → roll back; scaling event → scale only;
// otherwise roll out with the strategy.
func (dc *DeploymentController) syncDeployment(key string, ds *controller.Decisions) error {
	namespace, name := controller.SplitKey(key)
	cached, ok := controller.GetAs[*api.Deployment](dc.dLister, namespace, name)
	if !ok {
		ds.Add("syncDeployment", "", "Deployment has been deleted: nothing to do").
			Say("deployment.deleted")
		return nil
	}
	// Never change the cache's copy.
	d := api.DeepCopy(cached)

	if sel := d.Spec.Selector; sel != nil && sel.MatchLabels == nil && sel.MatchExpressions == nil {
		dc.recorder.Eventf(d, "Warning", "SelectingAll", "This deployment is selecting all pods. A non-empty selector is required.")
		ds.Add("syncDeployment", "spec.selector is empty", "SelectingAll: refuse to manage any pods").
			Say("deployment.selectsAll")
		if d.Status.ObservedGeneration < d.Generation {
			d.Status.ObservedGeneration = d.Generation
			_, _ = dc.client.UpdateStatusShared(d) // upstream ignores this error too
		}
		return nil
	}

	rsList, err := dc.getReplicaSetsForDeployment(d, ds)
	if err != nil {
		return err
	}
	if d.DeletionTimestamp != nil {
		ds.Add("syncDeployment", "metadata.deletionTimestamp is set", "being deleted: update status only").
			Say("deployment.beingDeleted")
		return dc.syncStatusOnly(d, rsList, ds)
	}

	// Pausing and resuming are recorded as Progressing=Unknown so a resumed
	// Deployment does not time out for the time it spent paused.
	if err := dc.checkPausedConditions(d, ds); err != nil {
		return err
	}

	if d.Spec.Paused {
		ds.Add("syncDeployment", "spec.paused = true", "paused: scale only, no rollout").
			Say("deployment.paused")
		return dc.sync(d, rsList, ds)
	}

	// The deprecated rollback is not re-entrant: finish it before anything
	// else touches the ReplicaSets.
	if getRollbackTo(d) != nil {
		return dc.rollback(d, rsList, ds)
	}

	scaling, err := dc.isScalingEvent(d, rsList, ds)
	if err != nil {
		return err
	}
	if scaling {
		return dc.sync(d, rsList, ds)
	}

	switch d.Spec.Strategy.Type {
	case api.RecreateDeploymentStrategyType:
		// Only Recreate reads pods: it must wait until no old pod runs
		// (syncDeployment builds the podMap on this branch alone).
		podMap, err := dc.getPodMapForDeployment(rsList)
		if err != nil {
			return err
		}
		return dc.rolloutRecreate(d, rsList, podMap, ds)
	case api.RollingUpdateDeploymentStrategyType:
		return dc.rolloutRolling(d, rsList, ds)
	}
	return fmt.Errorf("unexpected deployment strategy type: %s", d.Spec.Strategy.Type)
}
