package kubelet

import (
	"fmt"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// Event reasons, from pkg/kubelet/events/event.go.
const (
	reasonCreatedContainer   = "Created"             // events.CreatedContainer
	reasonStartedContainer   = "Started"             // events.StartedContainer
	reasonFailed             = "Failed"              // events.FailedToCreateContainer, FailedToPullImage
	reasonKilling            = "Killing"             // events.KillingContainer
	reasonBackOff            = "BackOff"             // events.BackOffStartContainer, BackOffPullImage
	reasonPulling            = "Pulling"             // events.PullingImage
	reasonPulled             = "Pulled"              // events.PulledImage
	reasonInspectFailed      = "InspectFailed"       // events.FailedToInspectImage
	reasonErrImageNeverPull  = "ErrImageNeverPull"   // events.ErrImageNeverPullPolicy
	reasonUnhealthy          = "Unhealthy"           // events.ContainerUnhealthy
	reasonFailedPostStart    = "FailedPostStartHook" // events.FailedPostStartHook
	reasonFailedPreStop      = "FailedPreStopHook"   // events.FailedPreStopHook
	reasonDeadlineExceeded   = "DeadlineExceeded"    // activeDeadlineHandler
	reasonStarting           = "Starting"            // events.StartingKubelet
	reasonNodeReady          = "NodeReady"           // events.NodeReady
	reasonNodeAllocatable    = "NodeAllocatableEnforced"
	reasonSandboxChanged     = "SandboxChanged" // events.SandboxChanged (unused: sandboxes never die)
	reasonFailedCreatePodSbx = "FailedCreatePodSandBox"
)

// Container waiting reasons (pkg/kubelet/images/types.go,
// pkg/kubelet/container/sync_result.go, kubelet_pods.go).
const (
	waitingContainerCreating = "ContainerCreating"
	waitingPodInitializing   = "PodInitializing"
	waitingErrImagePull      = "ErrImagePull"
	waitingImagePullBackOff  = "ImagePullBackOff"
	waitingInvalidImageName  = "InvalidImageName"
	waitingErrImageNeverPull = "ErrImageNeverPull"
	waitingCrashLoopBackOff  = "CrashLoopBackOff"
	waitingPostStartHookErr  = "PostStartHookError"
	// waitingCreateContainerConfigError is ErrCreateContainerConfig's.
	waitingCreateContainerConfigError = "CreateContainerConfigError"
)

// Terminated reasons, as containerd reports them.
const (
	terminatedCompleted = "Completed"
	terminatedError     = "Error"
)

// Messages. Each names the upstream format it copies (v1.37).

// msgPulling: image_manager.go pullImage, `Pulling image %q`.
func msgPulling(image string) string { return fmt.Sprintf("Pulling image %q", image) }

// msgPulled: image_manager.go pullImage, `Successfully pulled image %q in
// %v (%v including waiting). Image size: %v bytes.`
func msgPulled(image string, pull, waiting time.Duration, size int64) string {
	return fmt.Sprintf("Successfully pulled image %q in %v (%v including waiting). Image size: %v bytes.", image, pull, waiting, size)
}

// msgAlreadyPresent: image_manager.go EnsureImageExists with
// KubeletEnsureSecretPulledImages (beta, on since v1.35).
func msgAlreadyPresent(image string) string {
	return fmt.Sprintf("Container image %q already present on machine and can be accessed by the pod", image)
}

// msgNeverPull: image_manager.go imageNotPresentOnNeverPolicyError.
func msgNeverPull(image string) string {
	return fmt.Sprintf("Container image %q is not present with pull policy of Never", image)
}

// msgFailedToPull: image_manager.go pullImage, `Failed to pull image %q: %v`.
func msgFailedToPull(image string, err error) string {
	return fmt.Sprintf("Failed to pull image %q: %v", image, err)
}

// msgBackOffPull: image_manager.go pullImage, `Back-off pulling image %q`.
func msgBackOffPull(image string) string { return fmt.Sprintf("Back-off pulling image %q", image) }

// msgInvalidImage: image_manager.go EnsureImageExists.
func msgInvalidImage(image string, err error) string {
	return fmt.Sprintf("Failed to apply default image tag %q: couldn't parse image reference %q: %v", image, image, err)
}

// msgError: kuberuntime_container.go startContainer, `Error: %v`.
func msgError(reason string) string { return "Error: " + reason }

// Since kubernetes#134043 (v1.35) the Created and Started messages no
// longer name the container: the event's fieldPath does.
const (
	msgCreated = "Container created"
	msgStarted = "Container started"
)

// msgStopping: kuberuntime_container.go killContainer default message.
func msgStopping(container string) string { return fmt.Sprintf("Stopping container %s", container) }

// msgBackOffRestart: kuberuntime_manager.go doBackOff event.
func msgBackOffRestart(container string, pod *api.Pod) string {
	return fmt.Sprintf("Back-off restarting failed container %s in pod %s", container, formatPod(pod))
}

// msgCrashLoop: kuberuntime_manager.go doBackOff error, the waiting
// message: `back-off %s restarting failed container=%s pod=%s`.
func msgCrashLoop(d time.Duration, container string, pod *api.Pod) string {
	return fmt.Sprintf("back-off %s restarting failed container=%s pod=%s", d, container, formatPod(pod))
}

// msgProbeFailed: prober.go runProbeWithRetries caller, `%s probe failed: %s`.
func msgProbeFailed(kind probeKind, output string) string {
	return fmt.Sprintf("%s probe failed: %s", kind, output)
}

// formatPod is pkg/kubelet/util/format.Pod: name_namespace(uid).
func formatPod(pod *api.Pod) string {
	return fmt.Sprintf("%s_%s(%s)", pod.Name, pod.Namespace, pod.UID)
}
