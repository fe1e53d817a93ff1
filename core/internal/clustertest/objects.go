package clustertest

import "github.com/kubeplay/kubeplay/core/api"

// WebDeployment is the Deployment the Service controllers' tests run:
// default/web, app=web, one nginx container serving a port named http on
// 8080.
func WebDeployment(replicas int32, image string) *api.Deployment {
	labels := map[string]string{"app": "web"}
	return &api.Deployment{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default"},
		Spec: api.DeploymentSpec{
			Replicas: &replicas,
			Selector: &api.LabelSelector{MatchLabels: labels},
			Template: api.PodTemplateSpec{
				ObjectMeta: api.ObjectMeta{Labels: labels},
				Spec: api.PodSpec{Containers: []api.Container{{Name: "nginx", Image: image,
					Ports: []api.ContainerPort{{Name: "http", ContainerPort: 8080}}}}},
			},
		},
	}
}

// WebService is default/web selecting WebDeployment's pods: port 80 to
// the port named http.
func WebService() *api.Service {
	return &api.Service{
		ObjectMeta: api.ObjectMeta{Name: "web", Namespace: "default", Labels: map[string]string{"tier": "frontend"}},
		Spec: api.ServiceSpec{Selector: map[string]string{"app": "web"},
			Ports: []api.ServicePort{{Name: "http", Port: 80, TargetPort: api.FromString("http")}}},
	}
}
