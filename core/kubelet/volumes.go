package kubelet

import (
	"fmt"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// Volumes, as the kubelet's volume manager mounts them before the pod's
// sandbox exists (SyncPod: WaitForAttachAndMount comes before the runtime
// creates anything). The volumes that need an API object are the ones
// that can fail here: configMap, secret and projected (its configMap and
// secret sources), when the object, or a key named in items, is missing
// and the source is not optional. Every other source mounts at once
// (emptyDir, downwardAPI, hostPath without a type check, a claim, the
// in-tree plugins: the playground has no storage that could refuse).
//
// Timing, from the volume manager and the operation executor:
//   - the reconciler tries to mount a failing volume again after an
//     exponential back-off starting at 500 ms and doubling to 2m2s
//     (exponentialbackoff), each failure a FailedMount event
//     `MountVolume.SetUp failed for volume "x" : configmap "y" not found`;
//     in whole seconds the attempts are at 0, 1, 2, 4, 8, 16, 32, 64, 128,
//     250, 372, ... after the pod reached the node;
//   - WaitForAttachAndMount gives up after 2m3s with the FailedMount event
//     `Unable to attach or mount volumes: unmounted volumes=[x], unattached
//     volumes=[], failed to process volumes=[]: context deadline exceeded`,
//     and the pod worker syncs again after its back-off (10 s), waiting
//     another 2m3s;
//   - the first attempt after the object appears mounts it, and the pod
//     starts at once.

const (
	mountBackOffInitial = 500 * time.Millisecond
	mountBackOffMax     = 2*time.Minute + 2*time.Second
	mountWaitTimeout    = 2*time.Minute + 3*time.Second
	reasonFailedMount   = "FailedMount" // events.FailedMountVolume
)

// volumeMount is the reconciler's state for one of the pod's volumes.
type volumeMount struct {
	name    string
	mounted bool
	next    time.Time     // the next attempt (exact, sub-second)
	backoff time.Duration // durationBeforeRetry after the next failure
}

// mountVolumes runs the reconciler's due attempts and the wait's timeout;
// it reports whether every volume is mounted. waitStart is when the
// current WaitForAttachAndMount began.
func (k *Kubelet) mountVolumes(w *podWorker, now time.Time, ds *controller.Decisions) bool {
	if w.volumes == nil {
		for _, v := range w.pod.Spec.Volumes {
			w.volumes = append(w.volumes, &volumeMount{name: v.Name, next: now})
		}
		w.waitStart = now
	}
	all := true
	for i, vm := range w.volumes {
		for !vm.mounted && !vm.next.After(now) {
			err := k.setUpVolume(w.pod, &w.pod.Spec.Volumes[i])
			if err == nil {
				vm.mounted = true
				break
			}
			k.recorder.Eventf(w.pod, api.EventTypeWarning, reasonFailedMount,
				"MountVolume.SetUp failed for volume %q : %v", vm.name, err)
			if vm.backoff == 0 {
				vm.backoff = mountBackOffInitial
			} else if vm.backoff *= 2; vm.backoff > mountBackOffMax {
				vm.backoff = mountBackOffMax
			}
			vm.next = vm.next.Add(vm.backoff)
			ds.Add("MountVolume.SetUp", vm.name+": "+err.Error(), fmt.Sprintf("retry in %v", vm.backoff)).
				Say("kubelet.mountFailed", controller.Name("volume", vm.name), controller.Text("message", err.Error()), controller.Duration("after", vm.backoff))
		}
		all = all && vm.mounted
	}
	if all {
		return true
	}
	if deadline := w.waitStart.Add(mountWaitTimeout); !now.Before(deadline) {
		var unmounted []string
		for _, vm := range w.volumes {
			if !vm.mounted {
				unmounted = append(unmounted, vm.name)
			}
		}
		k.recorder.Eventf(w.pod, api.EventTypeWarning, reasonFailedMount,
			"Unable to attach or mount volumes: unmounted volumes=[%s], unattached volumes=[], failed to process volumes=[]: context deadline exceeded",
			strings.Join(unmounted, " "))
		w.waitStart = now.Add(podWorkerBackOff)
		ds.Add("WaitForAttachAndMount", "2m3s without "+strings.Join(unmounted, ", "), "sync again in 10s").
			Say("kubelet.mountTimedOut", controller.Name("volumes", strings.Join(unmounted, ", ")), controller.Duration("timeout", mountWaitTimeout), controller.Duration("after", podWorkerBackOff))
	}
	return false
}

// nextMountWake is when the worker must look at its volumes again: the
// earliest attempt (rounded up to a whole second, the tick) or the wait's
// timeout.
func (w *podWorker) nextMountWake() time.Time {
	next := w.waitStart.Add(mountWaitTimeout)
	for _, vm := range w.volumes {
		if !vm.mounted && vm.next.Before(next) {
			next = vm.next
		}
	}
	if r := next.Truncate(time.Second); !r.Equal(next) {
		next = r.Add(time.Second)
	}
	return next
}

// setUpVolume models the SetUp of the volume plugins that read objects
// (configmap.go, secret.go, projected.go collectData).
func (k *Kubelet) setUpVolume(pod *api.Pod, v *api.Volume) error {
	refs := sourceCache{k: k, ns: pod.Namespace}
	switch {
	case v.ConfigMap != nil:
		return refs.configMapVolume(v.ConfigMap.Name, v.ConfigMap.Items, v.ConfigMap.Optional)
	case v.Secret != nil:
		return refs.secretVolume(v.Secret.SecretName, v.Secret.Items, v.Secret.Optional)
	case v.Projected != nil:
		var errs []string
		for _, src := range v.Projected.Sources {
			var err error
			switch {
			case src.ConfigMap != nil:
				err = refs.configMapVolume(src.ConfigMap.Name, src.ConfigMap.Items, src.ConfigMap.Optional)
			case src.Secret != nil:
				err = refs.secretVolume(src.Secret.Name, src.Secret.Items, src.Secret.Optional)
			}
			if err != nil {
				errs = append(errs, err.Error())
			}
		}
		// utilerrors.NewAggregate: one error prints bare, several in brackets.
		switch len(errs) {
		case 0:
			return nil
		case 1:
			return fmt.Errorf("%s", errs[0])
		}
		return fmt.Errorf("[%s]", strings.Join(errs, ", "))
	}
	return nil
}

// configMapVolume is configMapVolumeMounter.SetUpAt's check: the object,
// and every key items names, unless optional.
func (s *sourceCache) configMapVolume(name string, items []api.KeyToPath, optional *bool) error {
	cm, err := s.configMap(name)
	if err != nil {
		return optionalMiss(optional, err)
	}
	for _, it := range items {
		_, inData := cm.Data[it.Key]
		_, inBinary := cm.BinaryData[it.Key]
		if !inData && !inBinary {
			return optionalMiss(optional, fmt.Errorf("configmap references non-existent config key: %s", it.Key))
		}
	}
	return nil
}

// secretVolume is secretVolumeMounter.SetUpAt's check.
func (s *sourceCache) secretVolume(name string, items []api.KeyToPath, optional *bool) error {
	sec, err := s.secret(name)
	if err != nil {
		return optionalMiss(optional, err)
	}
	for _, it := range items {
		if _, ok := sec.Data[it.Key]; !ok {
			return optionalMiss(optional, fmt.Errorf("references non-existent secret key: %s", it.Key))
		}
	}
	return nil
}
