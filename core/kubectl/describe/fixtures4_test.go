package describe

import (
	"time"

	"github.com/kubeplay/kubeplay/core/api"
)

// midRollout is nginx-deployment during `kubectl set image` (the
// "Updating a Deployment" walk-through): a new ReplicaSet at 1, the old at
// 3, an even older one scaled to 0, and a ReplicaSet another Deployment
// owns.
func midRollout() (*api.Deployment, []*api.ReplicaSet, []*api.Event) {
	d := nginxDeployment()
	d.Labels["tier"] = "web"
	d.Annotations["deployment.kubernetes.io/revision"] = "2"
	d.Annotations["kubernetes.io/change-cause"] = "kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1"
	d.Spec.Template.Spec.Containers[0].Image = "nginx:1.16.1"
	d.Status = api.DeploymentStatus{Replicas: 4, UpdatedReplicas: 1, ReadyReplicas: 3, AvailableReplicas: 3, UnavailableReplicas: 1,
		Conditions: []api.DeploymentCondition{
			{Type: api.DeploymentAvailable, Status: api.ConditionTrue, Reason: "MinimumReplicasAvailable"},
			{Type: api.DeploymentProgressing, Status: api.ConditionTrue, Reason: "ReplicaSetUpdated"}}}
	newT := nginxTemplate("1564180365")
	newT.Spec.Containers[0].Image = "nginx:1.16.1"
	old := nginxRS("nginx-deployment-2035384211", "2035384211", 2*time.Minute, 3, 3, nginxTemplate("2035384211"))
	older := nginxRS("nginx-deployment-3066724191", "3066724191", 5*time.Minute, 0, 0, nginxTemplate("3066724191"))
	older.Spec.Template.Spec.Containers[0].Image = "nginx:1.13"
	nw := nginxRS("nginx-deployment-1564180365", "1564180365", 10*time.Second, 1, 1, newT)
	stray := nginxRS("other-5d4f8b9c7d", "5d4f8b9c7d", time.Minute, 1, 1, newT)
	stray.OwnerReferences = controller("Deployment", "other", "other-uid")
	evs := []*api.Event{
		scalingEvent("nginx-deployment", "d-uid", "Scaled up replica set nginx-deployment-1564180365 from 0 to 1", 10*time.Second, 10*time.Second, 1),
		scalingEvent("nginx-deployment", "d-uid", "Scaled up replica set nginx-deployment-2035384211 from 0 to 3", 20*time.Minute, 12*time.Minute, 3),
		scalingEvent("other", "other-uid", "not mine", time.Minute, time.Minute, 1),
	}
	return d, []*api.ReplicaSet{nw, stray, old, older}, evs
}

func podEvents(name string) []*api.Event {
	uid := name + "-uid"
	return []*api.Event{
		podEvent(name, uid, "Started", "Started container nginx", "Normal", "kubelet", "kind-worker", "spec.containers{nginx}", 25*time.Second, 25*time.Second, 1),
		podEvent(name, uid, "Scheduled", "Successfully assigned default/"+name+" to kind-worker", "Normal", "default-scheduler", "", "", 31*time.Second, 31*time.Second, 1),
		podEvent(name, uid, "Pulling", "Pulling image \"nginx:1.14.2\"", "Normal", "kubelet", "kind-worker", "spec.containers{nginx}", 30*time.Second, 30*time.Second, 1),
		podEvent(name, uid, "Pulled", "Successfully pulled image \"nginx:1.14.2\" in 4.1s (4.1s including waiting). Image size: 44409117 bytes.", "Normal", "kubelet", "kind-worker", "spec.containers{nginx}", 26*time.Second, 26*time.Second, 1),
		podEvent(name, uid, "Created", "Created container: nginx", "Normal", "kubelet", "kind-worker", "spec.containers{nginx}", 26*time.Second, 26*time.Second, 1),
		podEvent("other-pod", "x", "Started", "not this pod", "Normal", "kubelet", "kind-worker", "", time.Second, time.Second, 1),
	}
}
