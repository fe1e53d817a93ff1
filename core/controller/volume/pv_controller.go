// Package volume models kube-controller-manager's volume controllers for
// the playground's storage: the persistent volume binder
// (pkg/controller/volume/persistentvolume, pv_controller.go) and the PVC
// and PV protection controllers (pkg/controller/volume/pvcprotection,
// pvprotection).
//
// The binder, per claim (syncClaim → syncUnboundClaim) and per volume
// (syncVolume):
//
//   - an unbound claim with a matching Available volume (same class, enough
//     capacity, the access modes, or pre-bound to it by claimRef) is bound:
//     the volume's claimRef and phase Bound, then the claim's volumeName,
//     the bind-completed and bound-by-controller annotations and phase
//     Bound with the volume's capacity and access modes;
//   - a WaitForFirstConsumer claim no scheduler has picked a node for gets
//     WaitForFirstConsumer "waiting for first consumer to be created before
//     binding" (or WaitForPodScheduled "waiting for pod web-x to be
//     scheduled" when a pending pod mounts it);
//   - a claim of a class with an external provisioner is annotated for it
//     (volume.kubernetes.io/storage-provisioner) with ExternalProvisioning
//     "Waiting for a volume to be created either by the external
//     provisioner '...' ...", each sync while it waits; a missing class is
//     ProvisioningFailed `storageclass.storage.k8s.io "fast" not found`;
//   - a claim naming no class and matching no volume is FailedBinding
//     "no persistent volumes available for this claim and no storage class
//     is set";
//   - a volume without a claim is Available; one whose claim is gone is
//     Released, and, with reclaim policy Delete, left to its provisioner to
//     delete (the local-path provisioner does, core/cloud).
//
// Every claim and volume is synced again every 15 s (the informers'
// resync, --pvclaimbinder-sync-period), so the waiting events repeat.
package volume

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/clock"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Name is the binder's name (its event source).
const Name = "persistentvolume-controller"

// SyncPeriod is --pvclaimbinder-sync-period's default.
const SyncPeriod = 15 * time.Second

// The binder's annotations (pv_controller.go, storagehelpers).
const (
	AnnBindCompleted          = "pv.kubernetes.io/bind-completed"
	AnnBoundByController      = "pv.kubernetes.io/bound-by-controller"
	AnnStorageProvisioner     = "volume.kubernetes.io/storage-provisioner"
	AnnBetaStorageProvisioner = "volume.beta.kubernetes.io/storage-provisioner"
	AnnSelectedNode           = "volume.kubernetes.io/selected-node"
)

var (
	pvcKind = api.KindOf(&api.PersistentVolumeClaim{})
	pvKind  = api.KindOf(&api.PersistentVolume{})
	scKind  = api.KindOf(&api.StorageClass{})
	podKind = api.KindOf(&api.Pod{})
)

// resyncKey is the queue key of the periodic resync.
const resyncKey = "\x00resync"

// Controller is the binder.
type Controller struct {
	server   *apiserver.Server
	queue    *controller.Queue
	clock    clock.Source
	recorder *controller.Recorder
	claims   *controller.Store
	volumes  *controller.Store
	classes  *controller.Store
	pods     *controller.Store
}

// New returns the binder, watching claims, volumes and pods.
func New(ctx *controller.Context) *Controller {
	in := ctx.Informers
	c := &Controller{server: ctx.Server, queue: ctx.NewQueue(), clock: ctx.Clock,
		recorder: ctx.Recorder(Name, ""), claims: in.Lister(pvcKind), volumes: in.Lister(pvKind),
		classes: in.Lister(scKind), pods: in.Lister(podKind)}
	claim := func(obj api.Object) { c.queue.Add("claim:" + controller.KeyOf(obj)) }
	volume := func(obj api.Object) { c.queue.Add("volume:" + controller.KeyOf(obj)) }
	in.AddHandler(pvcKind, controller.Handler{Add: claim, Update: func(_, cur api.Object) { claim(cur) },
		Delete: func(obj api.Object) {
			// deleteClaim: the bound volume is synced to release it.
			if v := obj.(*api.PersistentVolumeClaim).Spec.VolumeName; v != "" {
				c.queue.Add("volume:" + v)
			}
		}})
	in.AddHandler(pvKind, controller.Handler{Add: volume, Update: func(_, cur api.Object) { volume(cur) }})
	c.queue.AddAfter(resyncKey, SyncPeriod)
	return c
}

// Name implements controller.Controller.
func (c *Controller) Name() string { return Name }

// Queue implements controller.Controller.
func (c *Controller) Queue() *controller.Queue { return c.queue }

// MaxRetries implements controller.Controller: retried forever.
func (c *Controller) MaxRetries() int { return 0 }

// Sync implements controller.Controller.
func (c *Controller) Sync(key string, ds *controller.Decisions) error {
	if key == resyncKey {
		for _, k := range c.claims.Keys() {
			c.queue.Add("claim:" + k)
		}
		for _, k := range c.volumes.Keys() {
			c.queue.Add("volume:" + k)
		}
		c.queue.AddAfter(resyncKey, SyncPeriod)
		return nil
	}
	kind, k, _ := strings.Cut(key, ":")
	if kind == "volume" {
		return c.syncVolume(k, ds)
	}
	return c.syncClaim(k, ds)
}

// syncClaim models syncClaim for unbound claims (syncUnboundClaim); a
// bound claim needs nothing while its volume exists.
func (c *Controller) syncClaim(key string, ds *controller.Decisions) error {
	obj, ok := c.claims.Get(key)
	if !ok {
		return nil
	}
	claim := obj.(*api.PersistentVolumeClaim)
	if claim.DeletionTimestamp != nil || claim.Annotations[AnnBindCompleted] != "" {
		return nil
	}
	class := ""
	if claim.Spec.StorageClassName != nil {
		class = *claim.Spec.StorageClassName
	}
	sc, classFound := controller.GetAs[*api.StorageClass](c.classes, "", class)
	delay := classFound && sc.VolumeBindingMode != nil && *sc.VolumeBindingMode == api.VolumeBindingWaitForFirstConsumer
	if v := c.findBestMatch(claim, delay); v != nil {
		ds.Add("findBestMatchForClaim", fmt.Sprintf("claim requests %s, class %q", storageOf(claim.Spec.Resources.Requests), class),
			"bind to volume "+v.Name).
			Say("volume.bindToVolume", controller.Name("volume", v.Name), controller.Name("storage", storageOf(claim.Spec.Resources.Requests)))
		return c.bind(v, claim)
	}
	switch {
	case delay && claim.Annotations[AnnSelectedNode] == "":
		reason, msg := "WaitForFirstConsumer", "waiting for first consumer to be created before binding"
		if pods := c.nonScheduledPods(claim); len(pods) == 1 {
			reason, msg = "WaitForPodScheduled", "waiting for pod "+pods[0]+" to be scheduled"
		} else if len(pods) > 1 {
			reason, msg = "WaitForPodScheduled", "waiting for pods "+strings.Join(pods, ",")+" to be scheduled"
		}
		c.recorder.Event(claim, api.EventTypeNormal, reason, msg)
		ds.Add("syncUnboundClaim", "class "+class+" binds WaitForFirstConsumer; no node selected", reason+": "+msg).
			Say("volume.waitForFirstConsumer", controller.Name("class", class), controller.Text("message", msg))
	case class != "":
		if !classFound {
			msg := fmt.Sprintf("storageclass.storage.k8s.io %q not found", class)
			c.recorder.Event(claim, api.EventTypeWarning, "ProvisioningFailed", msg)
			ds.Add("provisionClaim", "", "ProvisioningFailed: "+msg).
				Say("volume.classNotFound", controller.Name("class", class))
			return nil
		}
		return c.provisionExternal(claim, sc, ds)
	default:
		c.recorder.Event(claim, api.EventTypeNormal, "FailedBinding", "no persistent volumes available for this claim and no storage class is set")
		ds.Add("syncUnboundClaim", "no matching volume, no class", "FailedBinding").
			Say("volume.noVolumeNoClass")
	}
	return c.updateClaimPhase(claim, api.ClaimPending)
}

// nonScheduledPods models findNonScheduledPodsByPVC: the pending pods
// mounting the claim, by name.
func (c *Controller) nonScheduledPods(claim *api.PersistentVolumeClaim) []string {
	var names []string
	for _, p := range controller.ListAs[*api.Pod](c.pods, claim.Namespace, nil) {
		if p.Spec.NodeName != "" || p.Status.Phase == api.PodSucceeded || p.Status.Phase == api.PodFailed {
			continue
		}
		for _, v := range p.Spec.Volumes {
			if v.PersistentVolumeClaim != nil && v.PersistentVolumeClaim.ClaimName == claim.Name {
				names = append(names, p.Name)
				break
			}
		}
	}
	return names
}

// provisionExternal models provisionClaimOperationExternal: the claim is
// annotated for the class's provisioner, and the event says so.
func (c *Controller) provisionExternal(claim *api.PersistentVolumeClaim, sc *api.StorageClass, ds *controller.Decisions) error {
	if claim.Annotations[AnnStorageProvisioner] != sc.Provisioner {
		patch, _ := json.Marshal(map[string]any{"metadata": map[string]any{"annotations": map[string]string{
			AnnBetaStorageProvisioner: sc.Provisioner, AnnStorageProvisioner: sc.Provisioner}}})
		if _, err := c.server.Patch(pvcKind, claim.Namespace, claim.Name, apiserver.StrategicMergePatchType, patch); err != nil {
			c.recorder.Event(claim, api.EventTypeWarning, "ProvisioningFailed", "Error saving claim: "+err.Error())
			return nil
		}
	}
	msg := fmt.Sprintf("Waiting for a volume to be created either by the external provisioner '%s' "+
		"or manually by the system administrator. If volume creation is delayed, please verify that "+
		"the provisioner is running and correctly registered.", sc.Provisioner)
	c.recorder.Event(claim, api.EventTypeNormal, "ExternalProvisioning", msg)
	ds.Add("provisionClaimOperationExternal", "class "+sc.Name+" provisioner "+sc.Provisioner, "claim annotated for the external provisioner").
		Say("volume.externalProvisioning", controller.Name("class", sc.Name), controller.Name("provisioner", sc.Provisioner))
	return nil
}

// findBestMatch models findBestMatchForClaim (findMatchingVolume): a volume
// pre-bound to the claim wins; else, unless binding waits for a node, the
// smallest Available volume of the class with enough capacity and the
// access modes.
func (c *Controller) findBestMatch(claim *api.PersistentVolumeClaim, delay bool) *api.PersistentVolume {
	want := claim.Spec.Resources.Requests[api.ResourceStorage]
	class := ""
	if claim.Spec.StorageClassName != nil {
		class = *claim.Spec.StorageClassName
	}
	var best *api.PersistentVolume
	for _, v := range controller.ListAs[*api.PersistentVolume](c.volumes, "", nil) {
		if v.DeletionTimestamp != nil {
			continue
		}
		if r := v.Spec.ClaimRef; r != nil {
			if r.Namespace == claim.Namespace && r.Name == claim.Name && (r.UID == "" || r.UID == claim.UID) {
				return v
			}
			continue
		}
		if claim.Spec.VolumeName != "" && claim.Spec.VolumeName != v.Name {
			continue
		}
		if delay || v.Status.Phase != api.VolumeAvailable || v.Spec.StorageClassName != class {
			continue
		}
		size := v.Spec.Capacity[api.ResourceStorage]
		if size.Cmp(want) < 0 || !hasModes(v.Spec.AccessModes, claim.Spec.AccessModes) {
			continue
		}
		if best == nil {
			best = v
			continue
		}
		if bs := best.Spec.Capacity[api.ResourceStorage]; size.Cmp(bs) < 0 {
			best = v
		}
	}
	return best
}

func hasModes(have, want []api.PersistentVolumeAccessMode) bool {
	for _, m := range want {
		if !slices.Contains(have, m) {
			return false
		}
	}
	return true
}

// bind models bind: bindVolumeToClaim, updateVolumePhase Bound,
// bindClaimToVolume, updateClaimStatus Bound.
func (c *Controller) bind(v *api.PersistentVolume, claim *api.PersistentVolumeClaim) error {
	vol, err := apiserver.GetAs[*api.PersistentVolume](c.server, "", v.Name)
	if err != nil {
		return err
	}
	if vol.Spec.ClaimRef == nil || vol.Spec.ClaimRef.UID == "" {
		if vol.Spec.ClaimRef == nil {
			setAnnotation(&vol.ObjectMeta, AnnBoundByController, "yes")
		}
		vol.Spec.ClaimRef = &api.ObjectReference{Kind: "PersistentVolumeClaim", Namespace: claim.Namespace, Name: claim.Name,
			UID: claim.UID, APIVersion: "v1", ResourceVersion: claim.ResourceVersion}
		out, err := c.server.Update(vol)
		if err != nil {
			return err
		}
		vol = out.(*api.PersistentVolume)
	}
	if vol.Status.Phase != api.VolumeBound {
		vol.Status.Phase = api.VolumeBound
		vol.Status.LastPhaseTransitionTime = nil
		if _, err := c.server.UpdateStatus(vol); err != nil {
			return err
		}
	}
	cl, err := apiserver.GetAs[*api.PersistentVolumeClaim](c.server, claim.Namespace, claim.Name)
	if err != nil {
		return err
	}
	if cl.Spec.VolumeName == "" {
		setAnnotation(&cl.ObjectMeta, AnnBoundByController, "yes")
	}
	cl.Spec.VolumeName = vol.Name
	setAnnotation(&cl.ObjectMeta, AnnBindCompleted, "yes")
	out, err := c.server.Update(cl)
	if err != nil {
		return err
	}
	cl = out.(*api.PersistentVolumeClaim)
	cl.Status.Phase = api.ClaimBound
	cl.Status.AccessModes = vol.Spec.AccessModes
	cl.Status.Capacity = api.ResourceList{api.ResourceStorage: vol.Spec.Capacity[api.ResourceStorage]}
	_, err = c.server.UpdateStatus(cl)
	return err
}

func setAnnotation(m *api.ObjectMeta, k, v string) {
	if m.Annotations == nil {
		m.Annotations = map[string]string{}
	}
	m.Annotations[k] = v
}

// updateClaimPhase models updateClaimStatus for a phase change only.
func (c *Controller) updateClaimPhase(claim *api.PersistentVolumeClaim, phase api.PersistentVolumeClaimPhase) error {
	if claim.Status.Phase == phase {
		return nil
	}
	cl := api.DeepCopy(claim)
	cl.Status.Phase = phase
	_, err := c.server.UpdateStatus(cl)
	return err
}

// syncVolume models syncVolume: Available without a claim, Released when
// the claim is gone (reclaimVolume: with Delete, the provisioner deletes
// the volume; with Retain it stays Released).
func (c *Controller) syncVolume(name string, ds *controller.Decisions) error {
	obj, ok := c.volumes.Get(name)
	if !ok {
		return nil
	}
	v := obj.(*api.PersistentVolume)
	want := v.Status.Phase
	switch r := v.Spec.ClaimRef; {
	case r == nil:
		want = api.VolumeAvailable
	case r.UID == "":
		// Pre-bound by name, waiting for the claim: Available.
		want = api.VolumeAvailable
	default:
		claim, ok := controller.GetAs[*api.PersistentVolumeClaim](c.claims, r.Namespace, r.Name)
		if ok && claim.UID == r.UID {
			if claim.Spec.VolumeName == "" {
				c.queue.Add("claim:" + r.Namespace + "/" + r.Name) // the claim finishes the binding
			}
			return nil
		}
		if v.Status.Phase == api.VolumeBound || v.Status.Phase == api.VolumePending || v.Status.Phase == api.VolumeAvailable {
			want = api.VolumeReleased
			ds.Add("syncVolume", "claim "+r.Namespace+"/"+r.Name+" is gone", "volume "+v.Name+" Released, reclaim policy "+
				string(v.Spec.PersistentVolumeReclaimPolicy)).
				Say("volume.released", controller.Name("claim", r.Namespace+"/"+r.Name), controller.Name("volume", v.Name), controller.Name("policy", string(v.Spec.PersistentVolumeReclaimPolicy)))
		}
	}
	if want == v.Status.Phase {
		return nil
	}
	upd := api.DeepCopy(v)
	upd.Status.Phase = want
	upd.Status.LastPhaseTransitionTime = nil
	_, err := c.server.UpdateStatus(upd)
	return err
}

func storageOf(rl api.ResourceList) string {
	q := rl[api.ResourceStorage]
	return q.String()
}
