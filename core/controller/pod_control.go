// PodControl, from pkg/controller/controller_utils.go: RealPodControl's
// create and delete of a controller's pods through the API server, with
// their events, and GetPodFromTemplate (podFromTemplate) behind the create.

package controller

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/naming"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// PodControl models RealPodControl: pods are created and deleted through
// the API server, and each outcome is recorded as an event on the
// controller object.
type PodControl struct {
	Server   *apiserver.Server
	Recorder *Recorder
	// OnWrite, if set, is told of every pod created or patched, with the
	// pod's controller reference (RealPodControl.OnWrite: the ReplicaSet
	// controller's consistency store records the write).
	OnWrite func(pod *api.Pod, controllerRef *api.OwnerReference)
	// Client, if set, is the controller's rate-limited client: a create or
	// delete whose token is not due within this tick is not sent, and
	// returns a *ThrottledError without an event (the real request would
	// still be waiting in tokenBucketRateLimiter.Wait).
	Client *Client
}

// CreatePods models RealPodControl.CreatePods: one pod from template,
// owned by controllerRef, named by the API server from "<parent>-". It
// returns the created pod.
func (pc PodControl) CreatePods(namespace string, template *api.PodTemplateSpec, parent api.Object, controllerRef *api.OwnerReference) (*api.Pod, error) {
	return pc.CreatePodsWithGenerateName(namespace, template, parent, controllerRef, "")
}

// CreatePodsWithGenerateName models the RealPodControl method of that name:
// CreatePods with a caller-chosen generateName ("" keeps "<parent>-").
func (pc PodControl) CreatePodsWithGenerateName(namespace string, template *api.PodTemplateSpec, parent api.Object, controllerRef *api.OwnerReference, generateName string) (*api.Pod, error) {
	if err := validateControllerRef(controllerRef); err != nil {
		return nil, err
	}
	pod, err := podFromTemplate(template, parent, controllerRef)
	if err != nil {
		return nil, err
	}
	if generateName != "" {
		pod.GenerateName = generateName
	}
	return pc.createPods(namespace, pod, parent)
}

// createPods models RealPodControl.createPods.
func (pc PodControl) createPods(namespace string, pod *api.Pod, parent api.Object) (*api.Pod, error) {
	if len(pod.Labels) == 0 {
		return nil, fmt.Errorf("unable to create pods, no labels")
	}
	pod.Namespace = namespace
	if pc.Client != nil {
		if _, err := pc.Client.TryWait(); err != nil {
			return nil, err
		}
	}
	obj, err := pc.Server.CreateShared(pod)
	if err != nil {
		// Only send an event if the namespace isn't terminating.
		if !HasStatusCause(err, apiserver.CauseTypeNamespaceTerminating) {
			pc.event(parent, api.EventTypeWarning, FailedCreatePodReason, "Error creating: %v", err)
		}
		return nil, err
	}
	created := obj.(*api.Pod)
	if pc.OnWrite != nil {
		pc.OnWrite(created, created.ControllerRef())
	}
	pc.event(parent, api.EventTypeNormal, SuccessfulCreatePodReason, "Created pod: %v", created.Name)
	return created, nil
}

// DeletePod models RealPodControl.DeletePod: a delete with default options
// (the pod's own grace period). NotFound is returned as is, without an
// event; other errors are recorded and wrapped.
func (pc PodControl) DeletePod(namespace, name string, parent api.Object) error {
	podKind := api.PodKind
	if pc.Client != nil {
		if _, err := pc.Client.TryWait(); err != nil {
			return err
		}
	}
	if _, _, err := pc.Server.DeleteShared(podKind, namespace, name, nil); err != nil {
		if apiserver.IsNotFound(err) {
			return err
		}
		pc.event(parent, api.EventTypeWarning, FailedDeletePodReason, "Error deleting: %v", err)
		return fmt.Errorf("unable to delete pods: %v", err)
	}
	pc.event(parent, api.EventTypeNormal, SuccessfulDeletePodReason, "Deleted pod: %v", name)
	return nil
}

func (pc PodControl) event(obj api.Object, eventType, reason, format string, args ...any) {
	if pc.Recorder != nil {
		pc.Recorder.Eventf(obj, eventType, reason, format, args...)
	}
}

// validateControllerRef models the function of that name.
func validateControllerRef(ref *api.OwnerReference) error {
	switch {
	case ref == nil:
		return fmt.Errorf("controllerRef is nil")
	case ref.APIVersion == "":
		return fmt.Errorf("controllerRef has empty APIVersion")
	case ref.Kind == "":
		return fmt.Errorf("controllerRef has empty Kind")
	case ref.Controller == nil || !*ref.Controller:
		return fmt.Errorf("controllerRef.Controller is not set to true")
	case ref.BlockOwnerDeletion == nil || !*ref.BlockOwnerDeletion:
		return fmt.Errorf("controllerRef.BlockOwnerDeletion is not set")
	}
	return nil
}

// podFromTemplate models controller.GetPodFromTemplate: a pod with the
// template's labels, annotations, finalizers and spec, generateName
// "<parent>-" and, if given, controllerRef as its only owner. Unlike
// upstream it does not deep-copy the template: the pod shares its maps,
// slices and pointers, which is safe because the API server copies what it
// is given and the pod never leaves CreatePods.
func podFromTemplate(template *api.PodTemplateSpec, parent api.Object, controllerRef *api.OwnerReference) (*api.Pod, error) {
	name := parent.GetObjectMeta().Name
	if name == "" {
		return nil, fmt.Errorf("parentObject does not have ObjectMeta")
	}
	t := template
	pod := &api.Pod{
		ObjectMeta: api.ObjectMeta{
			Labels:       copyOrEmpty(t.Labels),
			Annotations:  copyOrEmpty(t.Annotations),
			GenerateName: getPodsPrefix(name),
			Finalizers:   t.Finalizers,
		},
		Spec: t.Spec,
	}
	api.SetTypeMeta(pod)
	if controllerRef != nil {
		pod.OwnerReferences = []api.OwnerReference{*controllerRef}
	}
	return pod, nil
}

// copyOrEmpty returns m, or an empty map for nil, as getPodsLabelSet and
// getPodsAnnotationSet do.
func copyOrEmpty(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

// getPodsPrefix models the function of that name: "<controller>-" when
// that is a valid generateName for a pod, else the bare name.
func getPodsPrefix(controllerName string) string {
	prefix := controllerName + "-"
	// ValidatePodName(prefix, true): a trailing dash is masked before the
	// DNS-1123 subdomain check.
	masked := prefix[:len(prefix)-1] + "a"
	if len(naming.IsDNS1123Subdomain(masked)) != 0 {
		return controllerName
	}
	return prefix
}
