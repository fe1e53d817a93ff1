package kubelet

import (
	"strings"
	"testing"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/kubelet/images"
)

func mkService(t *testing.T, e *env, name, ip string, ports ...api.ServicePort) {
	t.Helper()
	ns := "default"
	svc := &api.Service{ObjectMeta: api.ObjectMeta{Name: name, Namespace: ns},
		Spec: api.ServiceSpec{ClusterIP: ip, ClusterIPs: []string{ip}, Ports: ports, Selector: map[string]string{"app": name}}}
	if _, err := e.c.API.Create(svc); err != nil {
		t.Fatal(err)
	}
	if _, err := e.c.Settle(); err != nil {
		t.Fatal(err)
	}
}

func envStrings(vars []api.EnvVar) []string {
	var out []string
	for _, v := range vars {
		out = append(out, v.Name+"="+v.Value)
	}
	return out
}

// Service variables are computed when the container is created: Services
// created later are not in them until the container restarts.
func TestServiceEnvVars(t *testing.T) {
	e := newEnv(t, 1)
	mkService(t, e, "kubernetes", "10.96.0.1", api.ServicePort{Name: "https", Port: 443, Protocol: api.ProtocolTCP, TargetPort: api.FromInt(6443)})
	mkService(t, e, "web", "10.96.0.10",
		api.ServicePort{Name: "http", Port: 80, Protocol: api.ProtocolTCP},
		api.ServicePort{Name: "metrics", Port: 9090, Protocol: api.ProtocolTCP})
	p := nginxPod("client", "node-1", "nginx:1.25")
	p.Spec.Containers[0].Env = []api.EnvVar{
		{Name: "GREETING", Value: "hello"},
		{Name: "WEB", Value: "http://$(WEB_SERVICE_HOST):$(WEB_SERVICE_PORT)/$(GREETING)/$(NOPE)/$$(GREETING)"},
		{Name: "MY_POD_IP", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "status.podIP"}}},
		{Name: "MY_NODE", ValueFrom: &api.EnvVarSource{FieldRef: &api.ObjectFieldSelector{FieldPath: "spec.nodeName"}}},
	}
	e.create(p)
	e.tick(5)
	mkService(t, e, "late", "10.96.0.11", api.ServicePort{Port: 8080})
	k := e.kubelets["node-1"]
	got := envStrings(k.ContainerEnv(e.pod("client"), "nginx"))
	diff(t, "env", got, []string{
		"GREETING=hello",
		"WEB=http://10.96.0.10:80/hello/$(NOPE)/$(GREETING)",
		"MY_POD_IP=10.244.1.2",
		"MY_NODE=node-1",
		"KUBERNETES_PORT=tcp://10.96.0.1:443",
		"KUBERNETES_PORT_443_TCP=tcp://10.96.0.1:443",
		"KUBERNETES_PORT_443_TCP_ADDR=10.96.0.1",
		"KUBERNETES_PORT_443_TCP_PORT=443",
		"KUBERNETES_PORT_443_TCP_PROTO=tcp",
		"KUBERNETES_SERVICE_HOST=10.96.0.1",
		"KUBERNETES_SERVICE_PORT=443",
		"KUBERNETES_SERVICE_PORT_HTTPS=443",
		"WEB_PORT=tcp://10.96.0.10:80",
		"WEB_PORT_80_TCP=tcp://10.96.0.10:80",
		"WEB_PORT_80_TCP_ADDR=10.96.0.10",
		"WEB_PORT_80_TCP_PORT=80",
		"WEB_PORT_80_TCP_PROTO=tcp",
		"WEB_PORT_9090_TCP=tcp://10.96.0.10:9090",
		"WEB_PORT_9090_TCP_ADDR=10.96.0.10",
		"WEB_PORT_9090_TCP_PORT=9090",
		"WEB_PORT_9090_TCP_PROTO=tcp",
		"WEB_SERVICE_HOST=10.96.0.10",
		"WEB_SERVICE_PORT=80",
		"WEB_SERVICE_PORT_HTTP=80",
		"WEB_SERVICE_PORT_METRICS=9090",
	})
	procEnv := k.ProcessEnv(e.pod("client"), "nginx")
	if procEnv[0] != "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" || procEnv[1] != "HOSTNAME=client" ||
		procEnv[2] != "NGINX_VERSION=1.25.5" || procEnv[len(procEnv)-1] != "HOME=/root" {
		t.Errorf("process env: %s", strings.Join(procEnv, "\n"))
	}
	for _, kv := range procEnv {
		if strings.HasPrefix(kv, "LATE_") {
			t.Errorf("a Service created after the container started is in its env: %s", kv)
		}
	}
}

// A restarted container sees the Services that exist at its restart.
func TestServiceEnvVarsAfterRestart(t *testing.T) {
	e := newEnv(t, 1)
	e.reg.SetBehavior("nginx:1.25", images.Behavior{CrashAfter: 5 * time.Second})
	e.create(nginxPod("client", "node-1", "nginx:1.25"))
	e.tick(4)
	mkService(t, e, "late", "10.96.0.11", api.ServicePort{Port: 8080})
	if env := e.kubelets["node-1"].ContainerEnv(e.pod("client"), "nginx"); len(env) != 0 {
		t.Errorf("before the restart: %v", envStrings(env))
	}
	e.tick(8) // crashed at 8, restarted at 10
	env := envStrings(e.kubelets["node-1"].ContainerEnv(e.pod("client"), "nginx"))
	diff(t, "after the restart", env[:2], []string{"LATE_PORT=tcp://10.96.0.11:8080", "LATE_PORT_8080_TCP=tcp://10.96.0.11:8080"})
}

// enableServiceLinks: false keeps only the master service's variables;
// other namespaces' Services never appear.
func TestEnableServiceLinksFalse(t *testing.T) {
	e := newEnv(t, 1)
	mkService(t, e, "kubernetes", "10.96.0.1", api.ServicePort{Name: "https", Port: 443})
	mkService(t, e, "web", "10.96.0.10", api.ServicePort{Port: 80})
	p := nginxPod("client", "node-1", "nginx:1.25")
	f := false
	p.Spec.EnableServiceLinks = &f
	e.create(p)
	e.tick(4)
	got := envStrings(e.kubelets["node-1"].ContainerEnv(e.pod("client"), "nginx"))
	if len(got) != 8 || !strings.HasPrefix(got[0], "KUBERNETES_") || !strings.HasPrefix(got[7], "KUBERNETES_") {
		t.Errorf("env: %v", got)
	}
}
