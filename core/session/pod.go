package session

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl"
	"github.com/kubeplay/kubeplay/core/kubelet"
)

// PodDetail is what the page shows of one Pod at the tick shown: what
// `kubectl describe pod` prints (its events included), its YAML, and the calls its
// node's kubelet made to the container runtime for it, as the
// documentation's "Container Runtime Interface" page describes them.
type PodDetail struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	Node      string `json:"node,omitempty"`
	Describe  string `json:"describe"`
	YAML      string `json:"yaml"` // kubectl get pod -o yaml
	// CRI are the kubelet's calls for the pod up to the tick shown, oldest
	// first; none before the pod is bound or when its kubelet made none.
	CRI []kubelet.CRICall `json:"cri"`
}

// Pod describes a pod at the tick shown, changing nothing: at the head it
// reads the live cluster, at an earlier tick the cluster replayed to it.
func (s *Session) Pod(namespace, name string) (*PodDetail, error) {
	w, err := s.shownWorld()
	if err != nil {
		return nil, err
	}
	pod, err := apiserver.GetAs[*api.Pod](w.sim.API, namespace, name)
	if err != nil {
		return nil, err
	}
	r := kubectl.Run(kubectlCluster{w}, fmt.Sprintf("kubectl describe pod %s -n %s", name, namespace), kubectl.Input{})
	y := kubectl.Run(kubectlCluster{w}, fmt.Sprintf("kubectl get pod %s -n %s -o yaml", name, namespace), kubectl.Input{})
	d := &PodDetail{Namespace: namespace, Name: name, Node: pod.Spec.NodeName, Describe: r.Output, YAML: y.Output, CRI: []kubelet.CRICall{}}
	if k := w.sim.Kubelet(pod.Spec.NodeName); k != nil {
		for _, c := range k.CRILog(pod) {
			// Calls the kubelet has planned for a later tick (a container
			// start still under way) are not made yet at the tick shown.
			if c.Tick <= w.tick() {
				d.CRI = append(d.CRI, c)
			}
		}
	}
	return d, nil
}
