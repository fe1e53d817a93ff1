package kubelet

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/controller"
)

// masterServices are the default-namespace Services every pod gets
// variables for, even with enableServiceLinks false (kubelet_pods.go).
var masterServices = []string{"kubernetes"}

// serviceEnvVarMap models Kubelet.getServiceEnvVarMap: the Services with a
// ClusterIP in the pod's namespace (when enableServiceLinks is on) and the
// master service "kubernetes" from default, as they exist now.
func (k *Kubelet) serviceEnvVarMap(ns string, enableServiceLinks bool) []api.EnvVar {
	byName := map[string]*api.Service{}
	for _, svc := range controller.ListAs[*api.Service](k.services, "", nil) {
		if !isServiceIPSet(svc) {
			continue
		}
		if svc.Namespace == "default" && slices.Contains(masterServices, svc.Name) {
			if _, ok := byName[svc.Name]; !ok {
				byName[svc.Name] = svc
			}
		} else if svc.Namespace == ns && enableServiceLinks {
			byName[svc.Name] = svc
		}
	}
	var svcs []*api.Service
	for _, name := range sortedKeys(byName) {
		svcs = append(svcs, byName[name])
	}
	return FromServices(svcs)
}

// isServiceIPSet models v1helper.IsServiceIPSet.
func isServiceIPSet(s *api.Service) bool {
	return s.Spec.ClusterIP != "" && s.Spec.ClusterIP != "None"
}

// FromServices models pkg/kubelet/envvars.FromServices: for each Service
// NAME_SERVICE_HOST, NAME_SERVICE_PORT (the first port),
// NAME_SERVICE_PORT_<PORTNAME> for named ports, and the Docker-link
// variables (NAME_PORT, NAME_PORT_<port>_<PROTO>, …_PROTO, …_PORT, …_ADDR).
func FromServices(services []*api.Service) []api.EnvVar {
	var result []api.EnvVar
	for _, svc := range services {
		if !isServiceIPSet(svc) || len(svc.Spec.Ports) == 0 {
			continue
		}
		prefix := makeEnvVariableName(svc.Name)
		result = append(result, api.EnvVar{Name: prefix + "_SERVICE_HOST", Value: svc.Spec.ClusterIP})
		portName := prefix + "_SERVICE_PORT"
		result = append(result, api.EnvVar{Name: portName, Value: strconv.Itoa(int(svc.Spec.Ports[0].Port))})
		for _, sp := range svc.Spec.Ports {
			if sp.Name != "" {
				result = append(result, api.EnvVar{Name: portName + "_" + makeEnvVariableName(sp.Name), Value: strconv.Itoa(int(sp.Port))})
			}
		}
		result = append(result, makeLinkVariables(svc)...)
	}
	return result
}

// makeEnvVariableName models the function of that name.
func makeEnvVariableName(s string) string {
	return strings.ToUpper(strings.ReplaceAll(s, "-", "_"))
}

// makeLinkVariables models the function of that name.
func makeLinkVariables(svc *api.Service) []api.EnvVar {
	prefix := makeEnvVariableName(svc.Name)
	var all []api.EnvVar
	for i, sp := range svc.Spec.Ports {
		protocol := string(api.ProtocolTCP)
		if sp.Protocol != "" {
			protocol = string(sp.Protocol)
		}
		hostPort := joinHostPort(svc.Spec.ClusterIP, strconv.Itoa(int(sp.Port)))
		if i == 0 {
			// Docker special-cases the first port.
			all = append(all, api.EnvVar{Name: prefix + "_PORT", Value: fmt.Sprintf("%s://%s", strings.ToLower(protocol), hostPort)})
		}
		portPrefix := fmt.Sprintf("%s_PORT_%d_%s", prefix, sp.Port, strings.ToUpper(protocol))
		all = append(all,
			api.EnvVar{Name: portPrefix, Value: fmt.Sprintf("%s://%s", strings.ToLower(protocol), hostPort)},
			api.EnvVar{Name: portPrefix + "_PROTO", Value: strings.ToLower(protocol)},
			api.EnvVar{Name: portPrefix + "_PORT", Value: strconv.Itoa(int(sp.Port))},
			api.EnvVar{Name: portPrefix + "_ADDR", Value: svc.Spec.ClusterIP},
		)
	}
	return all
}

// containerEnv models Kubelet.makeEnvironmentVariables: the variables of
// the container's envFrom sources (each ConfigMap's or Secret's keys, in
// key order, with the source's prefix), then its own variables in order,
// which override them ($(VAR) expanded against those before it and the
// service variables; fieldRef, configMapKeyRef and secretKeyRef
// resolved), then the service variables it does not set itself, sorted by
// name (upstream appends both maps in map order).
//
// A ConfigMap or Secret that does not exist, or a key it lacks, is the
// error the kubelet reports as CreateContainerConfigError, worded as its
// configmap and secret managers and makeEnvironmentVariables word it;
// optional: true skips the variable instead.
func (k *Kubelet) containerEnv(pod *api.Pod, c *api.Container, podIP string) ([]api.EnvVar, error) {
	links := pod.Spec.EnableServiceLinks == nil || *pod.Spec.EnableServiceLinks
	svcEnv := k.serviceEnvVarMap(pod.Namespace, links)
	svcMap := make(map[string]string, len(svcEnv))
	for _, e := range svcEnv {
		svcMap[e.Name] = e.Value
	}
	tmp := map[string]string{}
	var order []string
	set := func(name, v string) {
		if _, seen := tmp[name]; !seen {
			order = append(order, name)
		}
		tmp[name] = v
	}
	refs := sourceCache{k: k, ns: pod.Namespace}
	for _, from := range c.EnvFrom {
		data, ok, err := refs.envFromData(from)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue // optional and missing
		}
		for _, key := range sortedKeys(data) {
			set(from.Prefix+key, data[key])
		}
	}
	for _, e := range c.Env {
		v := e.Value
		switch {
		case v != "":
			v = expand(v, func(name string) (string, bool) {
				if x, ok := tmp[name]; ok {
					return x, true
				}
				x, ok := svcMap[name]
				return x, ok
			})
		case e.ValueFrom != nil && e.ValueFrom.FieldRef != nil:
			v = k.fieldValue(pod, e.ValueFrom.FieldRef.FieldPath, podIP)
		case e.ValueFrom != nil && (e.ValueFrom.ConfigMapKeyRef != nil || e.ValueFrom.SecretKeyRef != nil):
			val, ok, err := refs.keyValue(e.ValueFrom)
			if err != nil {
				return nil, err
			}
			if !ok {
				continue // optional: the variable is left out
			}
			v = val
		}
		set(e.Name, v)
	}
	out := make([]api.EnvVar, 0, len(order)+len(svcEnv))
	for _, name := range order {
		out = append(out, api.EnvVar{Name: name, Value: tmp[name]})
	}
	slices.SortStableFunc(svcEnv, func(a, b api.EnvVar) int { return strings.Compare(a.Name, b.Name) })
	for _, e := range svcEnv {
		if _, ok := tmp[e.Name]; !ok {
			out = append(out, e)
		}
	}
	return out, nil
}

// fieldValue models podFieldSelectorRuntimeValue and
// fieldpath.ExtractFieldPathAsString for the downward API in env.
func (k *Kubelet) fieldValue(pod *api.Pod, fp, podIP string) string {
	switch fp {
	case "metadata.name":
		return pod.Name
	case "metadata.namespace":
		return pod.Namespace
	case "metadata.uid":
		return pod.UID
	case "spec.nodeName":
		return pod.Spec.NodeName
	case "spec.serviceAccountName":
		return orDefault(pod.Spec.ServiceAccountName, "default")
	case "status.hostIP", "status.hostIPs":
		return k.hostIP
	case "status.podIP", "status.podIPs":
		return podIP
	}
	for _, p := range []struct {
		prefix string
		m      map[string]string
	}{{"metadata.labels['", pod.Labels}, {"metadata.annotations['", pod.Annotations}} {
		if key, ok := strings.CutPrefix(fp, p.prefix); ok {
			return p.m[strings.TrimSuffix(key, "']")]
		}
	}
	return ""
}

// expand models third_party/forked/golang/expansion.Expand: $(VAR) is
// replaced when VAR is defined, $$ becomes $, anything else stays.
func expand(s string, mapping func(string) (string, bool)) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' || i+1 >= len(s) {
			b.WriteByte(s[i])
			continue
		}
		switch s[i+1] {
		case '$':
			b.WriteByte('$')
			i++
		case '(':
			end := strings.IndexByte(s[i+2:], ')')
			if end < 0 {
				b.WriteString(s[i:])
				return b.String()
			}
			name := s[i+2 : i+2+end]
			if v, ok := mapping(name); ok {
				b.WriteString(v)
			} else {
				b.WriteString(s[i : i+3+end])
			}
			i += 2 + end
		default:
			b.WriteByte('$')
		}
	}
	return b.String()
}

// ContainerEnv returns the environment the kubelet gave the named
// container of pod when it was last created: its own variables, then the
// Service variables of Services that existed at that moment. For a
// container not created yet it is what it would get now. It returns nil
// for a pod this kubelet does not run.
func (k *Kubelet) ContainerEnv(pod *api.Pod, container string) []api.EnvVar {
	w := k.workers[podKey(pod)]
	if w == nil || w.uid != pod.UID {
		return nil
	}
	for _, c := range w.all() {
		if c.name != container {
			continue
		}
		if c.inst != nil {
			return slices.Clone(c.inst.env)
		}
		env, _ := k.containerEnv(w.pod, w.specOf(c), w.podIP)
		return env
	}
	return nil
}

// ProcessEnv is what `kubectl exec POD -c CONTAINER -- env` prints, one
// NAME=value per line: PATH and HOSTNAME, the image's ENV, the
// ContainerEnv, and HOME, in the order a containerd container shows them.
func (k *Kubelet) ProcessEnv(pod *api.Pod, container string) []string {
	env := k.ContainerEnv(pod, container)
	if env == nil {
		return nil
	}
	w := k.workers[podKey(pod)]
	var imgEnv []string
	for _, c := range w.all() {
		if c.name == container && c.inst != nil {
			imgEnv = c.inst.img.Env
		}
	}
	hostname := orDefault(pod.Spec.Hostname, pod.Name)
	var out []string
	seen := map[string]bool{}
	add := func(kv string) {
		name, _, _ := strings.Cut(kv, "=")
		if !seen[name] {
			seen[name] = true
			out = append(out, kv)
		}
	}
	// The pod's own values win over the image's.
	own := map[string]string{}
	for _, e := range env {
		own[e.Name] = e.Value
	}
	path := "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
	for _, kv := range imgEnv {
		if strings.HasPrefix(kv, "PATH=") {
			path = kv
		}
	}
	if v, ok := own["PATH"]; ok {
		path = "PATH=" + v
	}
	add(path)
	add("HOSTNAME=" + hostname)
	for _, kv := range imgEnv {
		name, _, _ := strings.Cut(kv, "=")
		if v, ok := own[name]; ok {
			add(name + "=" + v)
			continue
		}
		add(kv)
	}
	for _, e := range env {
		add(e.Name + "=" + e.Value)
	}
	add("HOME=/root")
	return out
}

// joinHostPort is net.JoinHostPort (the net package is off limits in core/).
func joinHostPort(host, port string) string {
	if strings.Contains(host, ":") {
		return "[" + host + "]:" + port
	}
	return host + ":" + port
}
