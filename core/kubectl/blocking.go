package kubectl

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/apiserver"
)

// limit is how much simulated time a blocking command may spend: its
// timeout when one is set, never more than Input.MaxWait.
func (e *env) limit(timeout time.Duration) time.Duration {
	if timeout > 0 && timeout < e.in.MaxWait {
		return timeout
	}
	return e.in.MaxWait
}

// poll calls step, then advances simulated time one tick at a time and
// calls it again, until step is done or fails, or limit has passed
// (reported as timedOut). It models the wait loops of kubectl
// (watchtools.UntilWithSync, wait.PollImmediate) on the virtual clock.
func (e *env) poll(limit time.Duration, step func() (done bool, err error)) (timedOut bool, err error) {
	start := e.cluster.Now()
	for {
		done, err := step()
		if err != nil || done {
			return false, err
		}
		if e.cluster.Now().Sub(start) >= limit {
			return true, nil
		}
		if err := e.cluster.Tick(); err != nil {
			return false, err
		}
	}
}

// watchKind opens a watch on one kind from the current resourceVersion.
func (e *env) watchKind(k *api.KindInfo, namespace string) (*apiserver.Watcher, error) {
	s := e.cluster.Server()
	return s.Watch(apiserver.WatchOptions{Kinds: []*api.KindInfo{k}, Namespace: namespace, ResourceVersion: s.ResourceVersion()})
}
