// Package controlplane is what runs on the control-plane host besides the
// API server's storage: the processes that hold Leases in kube-system.
//
//   - kube-controller-manager as a process that can be stopped and started
//     (ControllerManager): it leader-elects on kube-system/kube-controller-
//     manager and runs its controllers only while it leads;
//   - the API server's identity Lease (APIServerIdentity);
//   - the identities these processes take: the host name and a random
//     uuid from the seed.
//
// core/sim wires them with the controllers, the scheduler and the kubelets.
package controlplane
