package kubectl

import (
	"io"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/apiserver"
	"github.com/kubeplay/kubeplay/core/kubectl/describe"
)

// describeKinds gathers what the describers of the autoscaling,
// networking, policy and storage kinds need (kubectl's describers read the
// same objects through the API) and prints obj; false for other kinds.
func (e *env) describeKinds(w io.Writer, obj api.Object, events []*api.Event, now time.Time) (bool, error) {
	s := e.cluster.Server()
	switch o := obj.(type) {
	case *api.HorizontalPodAutoscaler:
		return true, describe.HorizontalPodAutoscaler(w, o, events, now)
	case *api.Ingress:
		services, _, _ := apiserver.ListAs[*api.Service](s, o.Namespace, nil)
		slices, _, _ := apiserver.ListAs[*api.EndpointSlice](s, o.Namespace, labels.Everything())
		return true, describe.Ingress(w, o, services, slices, events, now)
	case *api.IngressClass:
		return true, describe.IngressClass(w, o, events, now)
	case *api.NetworkPolicy:
		return true, describe.NetworkPolicy(w, o)
	case *api.PodDisruptionBudget:
		return true, describe.PodDisruptionBudget(w, o, events, now)
	case *api.PersistentVolumeClaim:
		pods, _, _ := apiserver.ListAs[*api.Pod](s, o.Namespace, nil)
		return true, describe.PersistentVolumeClaim(w, o, pods, events, now)
	case *api.PersistentVolume:
		return true, describe.PersistentVolume(w, o, events, now)
	case *api.StorageClass:
		return true, describe.StorageClass(w, o, events, now)
	}
	return false, nil
}
