// Package kubelet is the simulated kubelet: one per node, it runs the pods
// bound to its node on a simulated container runtime, probes them, restarts
// them, stops them, reports their status, and keeps its node alive with a
// Lease and node status, as pkg/kubelet does in kubernetes/kubernetes v1.37.
//
// # The timing model
//
// Time moves in ticks of one second (the cluster's virtual clock). For a pod
// bound to the node at tick T:
//
//	T        sandbox up (RunPodSandbox; pod IP from the node's podCIDR,
//	         PodReadyToStartContainers True), status Pending with the
//	         container waiting ContainerCreating; the image is pulled
//	         (Pulling) unless present and the pull policy allows it
//	         (Pulled "… already present on machine …")
//	T+2      a first pull of an image on a node takes 2 s (Pulled "… in 2s
//	         (2s including waiting). Image size: N bytes."); it is then in
//	         the node's image store
//	T+3      a start takes 1 s: Created, Started, Running; Ready at once
//	         without a readiness probe
//
// Probes run initialDelaySeconds after the container started (at once for
// 0, the prober's manual trigger) and every periodSeconds after; results
// count after successThreshold / failureThreshold in a row. A liveness or
// startup failure kills the container (Killing "Container nginx failed
// liveness probe, will be restarted") and starts it again as soon as it
// stopped, unless the crash-loop back-off holds it.
//
// A container that exits at E shows terminated (Error / Completed) at E; the
// kubelet acts on it at E+1 (the PLEG relist period): a restart, or, when it
// is in back-off since its last exit, a BackOff event and CrashLoopBackOff
// until the back-off expires. Both back-offs, container restarts and image
// pulls, start at 10 s and double to 300 s (flowcontrol.Backoff, no
// jitter).
//
// A sync that meets a back-off fails, and the pod worker syncs the pod
// again later (pod_workers.go completeWork), meeting the back-off, and
// emitting its events, again each time until it has expired:
//
//   - crash loop: doBackOff's error carries the back-off's expiry
//     (BackoffError, kubernetes#133066, v1.35), so the worker syncs again
//     at the expiry, or a minute later (resyncInterval) if that is
//     sooner. BackOff "Back-off restarting failed container …" at E+1 and
//     every 60 s after while the back-off lasts (E+1, E+61, … for 80, 160
//     and 300 s back-offs); the restart is at the expiry itself, E + the
//     back-off.
//   - image pull: EnsureImageExists' ErrImagePullBackOff carries no
//     expiry, so the worker syncs every 10 s (backOffPeriod), each time
//     emitting BackOff "Back-off pulling image …" and Failed "Error:
//     ImagePullBackOff"; a failed attempt (ErrImagePull) is also followed
//     by a sync 10 s later. The next attempt is at the first of those
//     syncs at or after the back-off's expiry. A pull that fails in the
//     pod's first sync meets its back-off a second later, when the PLEG
//     relist that sees the new sandbox wakes the worker; so a missing tag
//     shows ErrImagePull at 0, ImagePullBackOff at 1, and attempts at 0,
//     11, 31, 71, 151, 311, 611, … (ErrImageNeverPull and
//     InvalidImageName repeat their events the same way: 0, 1, 11, 21, …).
//
// The event recorder counts every emission but writes at most 25 events
// per pod from one kubelet, then one every 5 minutes (see
// core/controller/recorder.go), so kubectl shows counts like
// "BackOff 4m59s (x27 over 9m59s)" after ten minutes of ImagePullBackOff.
//
// Stopping (a deleted pod, a liveness kill): Killing "Stopping container
// nginx", the preStop hook (bounded by the grace period), SIGTERM with the
// rest of the grace period (at least 2 s); an app stops 1 s after SIGTERM
// (exit 0, Completed) unless it ignores SIGTERM (busybox's sh and sleep),
// in which case SIGKILL ends it when the grace period runs out (137, Error).
// A deleted pod stays Terminating until its containers stopped; then the
// kubelet writes its terminal status (Succeeded or Failed) and deletes it
// with grace 0. A postStart hook blocks the Running state until it returns;
// a failing one kills the container (FailedPostStartHook).
//
// The registry (package images) holds the cluster-wide defaults of the pull,
// start and stop times; Options.Timing overrides them per node and an
// image's Behavior per image.
//
// # Structure
//
//	kubelet.go     Kubelet: New, the controller and actor halves, timers
//	pod_worker.go  per-pod worker: syncPod, advance, completeWork's
//	               requeue times (pod_workers.go)
//	runtime_manager.go  computePodActions, doBackOff, KillPod,
//	               syncTerminatingPod (kuberuntime_manager.go, kubelet.go)
//	initcontainers.go  computeInitContainerActions: init containers and
//	               native sidecars, KillPod's termination ordering
//	               (kuberuntime_container.go, kuberuntime_termination_order.go)
//	container.go   EnsureImageExists, startContainer, killContainer
//	               (images/image_manager.go, kuberuntime_container.go)
//	lifecycle.go   postStart / preStop hooks (lifecycle/handlers.go)
//	prober.go      readiness, liveness and startup probes (prober/)
//	status.go      generateAPIPodStatus, getPhase, pod conditions
//	               (kubelet_pods.go, status/generate.go, status_manager.go)
//	envvars.go     Service environment variables, $(VAR) expansion, the
//	               downward API (envvars/envvars.go, kubelet_pods.go)
//	node.go        node registration and status, the Lease
//	               (kubelet_node_status.go, nodestatus/setters.go)
//	backoff.go     flowcontrol.Backoff
//	ipam.go        host-local IPAM
//	process.go     the simulated program inside a container
//	cri.go         the optional CRI call log
//	events.go      event reasons and messages
//
// Everything is deterministic: pods are visited in key order, container and
// sandbox IDs come from a random source seeded with Options.Seed and the
// node name, and time only from the cluster's clock.
package kubelet
