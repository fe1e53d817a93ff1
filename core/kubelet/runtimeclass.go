package kubelet

import (
	"fmt"
	"slices"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
	"github.com/kubeplay/kubeplay/core/kubelet/nodestatus"
)

// sandboxHandler resolves the runtime handler a pod's sandbox runs with and
// checks the node's runtime has it, as createPodSandbox does through the
// RuntimeClass manager (runtimeclass.Manager.LookupRuntimeHandler: no
// class is the runtime's default handler "", a class its handler) and
// containerd's RunPodSandbox (getSandboxRuntime). A failure is the
// kubelet's FailedCreatePodSandBox event, "Failed to create pod sandbox:
// <err>"; the pod worker, its sync failed, tries again backOffPeriod later.
func (k *Kubelet) sandboxHandler(w *podWorker, now time.Time, ds *controller.Decisions) (string, bool) {
	name := w.pod.Spec.RuntimeClassName
	if name == nil || *name == "" {
		return "", true
	}
	var msg string
	rc, ok := controller.GetAs[*api.RuntimeClass](k.ctx.Informers.Lister(runtimeClassKind), "", *name)
	handlers := k.opts.RuntimeHandlers
	if handlers == nil {
		handlers = nodestatus.DefaultRuntimeHandlers
	}
	switch {
	case !ok:
		msg = fmt.Sprintf("runtimeclass.node.k8s.io %q not found", *name)
	case !slices.Contains(handlers, rc.Handler):
		msg = fmt.Sprintf("rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for %q is configured", rc.Handler)
		k.criLog(w, now, "RunPodSandbox", "", fmt.Sprintf("handler=%s: error: no runtime for %q is configured", rc.Handler, rc.Handler))
	default:
		return rc.Handler, true
	}
	k.recorder.Eventf(w.pod, api.EventTypeWarning, reasonFailedCreatePodSbx, "Failed to create pod sandbox: %s", msg)
	ds.Add("createPodSandbox", fmt.Sprintf("RuntimeClass %s; node %s runs handlers %v", *name, k.nodeName, handlers),
		"Failed to create pod sandbox: "+msg+"; retry in "+backOffPeriod.String(),
		controller.Input{Name: "node", Value: k.nodeName}).
		Say("kubelet.sandboxFailed", controller.Name("class", *name), controller.Text("message", msg), controller.Duration("after", backOffPeriod))
	w.sandboxRetry = now.Add(backOffPeriod)
	k.wake(w, w.sandboxRetry)
	return "", false
}
