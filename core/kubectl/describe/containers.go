package describe

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/resource"
)

// envResolver resolves an env var's fieldRef to its value, or "".
type envResolver func(api.EnvVar) string

// describeContainers prints a containers section: "Containers:" then, per
// container, its basic info, command, state (for pods), resources, probes,
// environment and mounts (describeContainers). space is "  " inside a pod
// template, which also indents the container name by one more space.
func describeContainers(w *prefixWriter, label string, containers []api.Container, statuses []api.ContainerStatus,
	resolve envResolver, space string) {
	byName := map[string]api.ContainerStatus{}
	for _, s := range statuses {
		byName[s.Name] = s
	}
	none := ""
	if len(containers) == 0 {
		none = " <none>"
	}
	w.write(level0, "%s%s:%s\n", space, label, none)
	for _, c := range containers {
		status, ok := byName[c.Name]
		describeContainerBasicInfo(w, c, status, ok, space)
		describeContainerCommand(w, c)
		if ok {
			describeContainerState(w, status)
		}
		describeResources(w, c.Resources, level2)
		describeContainerProbes(w, c)
		if len(c.EnvFrom) > 0 {
			describeContainerEnvFrom(w, c)
		}
		describeContainerEnvVars(w, c, resolve)
		describeContainerVolumes(w, c)
	}
}

func describeContainerBasicInfo(w *prefixWriter, c api.Container, status api.ContainerStatus, ok bool, space string) {
	nameIndent := ""
	if space != "" {
		nameIndent = " "
	}
	w.write(level1, "%s%v:\n", nameIndent, c.Name)
	if ok {
		w.write(level2, "Container ID:\t%s\n", status.ContainerID)
	}
	w.write(level2, "Image:\t%s\n", c.Image)
	if ok {
		w.write(level2, "Image ID:\t%s\n", status.ImageID)
	}
	ports := containerPorts(c.Ports, func(p api.ContainerPort) int32 { return p.ContainerPort })
	if strings.Contains(ports, ",") {
		w.write(level2, "Ports:\t%s\n", ports)
	} else {
		w.write(level2, "Port:\t%s\n", stringOrNone(ports))
	}
	hostPorts := containerPorts(c.Ports, func(p api.ContainerPort) int32 { return p.HostPort })
	if strings.Contains(hostPorts, ",") {
		w.write(level2, "Host Ports:\t%s\n", hostPorts)
	} else {
		w.write(level2, "Host Port:\t%s\n", stringOrNone(hostPorts))
	}
}

// containerPorts is "80/TCP (http), 443/TCP" (describeContainerPorts,
// describeContainerHostPorts).
func containerPorts(ports []api.ContainerPort, number func(api.ContainerPort) int32) string {
	parts := make([]string, 0, len(ports))
	for _, p := range ports {
		s := fmt.Sprintf("%d/%s", number(p), p.Protocol)
		if p.Name != "" {
			s = fmt.Sprintf("%s (%s)", s, p.Name)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

func describeContainerCommand(w *prefixWriter, c api.Container) {
	if len(c.Command) > 0 {
		w.write(level2, "Command:\n")
		for _, cmd := range c.Command {
			for _, line := range strings.Split(cmd, "\n") {
				w.write(level3, "%s\n", line)
			}
		}
	}
	if len(c.Args) > 0 {
		w.write(level2, "Args:\n")
		for _, arg := range c.Args {
			for _, line := range strings.Split(arg, "\n") {
				w.write(level3, "%s\n", line)
			}
		}
	}
}

func describeContainerState(w *prefixWriter, status api.ContainerStatus) {
	describeStatus(w, "State", status.State)
	if status.LastTerminationState.Terminated != nil {
		describeStatus(w, "Last State", status.LastTerminationState)
	}
	w.write(level2, "Ready:\t%v\n", printBool(status.Ready))
	w.write(level2, "Restart Count:\t%d\n", status.RestartCount)
}

// describeStatus prints a container state: Running with its start,
// Waiting with its reason, Terminated with reason, message, exit code,
// signal, start and finish (describeStatus).
func describeStatus(w *prefixWriter, name string, state api.ContainerState) {
	switch {
	case state.Running != nil:
		w.write(level2, "%s:\tRunning\n", name)
		w.write(level3, "Started:\t%v\n", rfc1123z(state.Running.StartedAt))
	case state.Waiting != nil:
		w.write(level2, "%s:\tWaiting\n", name)
		if state.Waiting.Reason != "" {
			w.write(level3, "Reason:\t%s\n", state.Waiting.Reason)
		}
	case state.Terminated != nil:
		t := state.Terminated
		w.write(level2, "%s:\tTerminated\n", name)
		if t.Reason != "" {
			w.write(level3, "Reason:\t%s\n", t.Reason)
		}
		if t.Message != "" {
			w.write(level3, "Message:\t%s\n", t.Message)
		}
		w.write(level3, "Exit Code:\t%d\n", t.ExitCode)
		if t.Signal > 0 {
			w.write(level3, "Signal:\t%d\n", t.Signal)
		}
		w.write(level3, "Started:\t%s\n", rfc1123z(t.StartedAt))
		w.write(level3, "Finished:\t%s\n", rfc1123z(t.FinishedAt))
	default:
		w.write(level2, "%s:\tWaiting\n", name)
	}
}

// describeResources prints Limits and Requests, names sorted.
func describeResources(w *prefixWriter, r api.ResourceRequirements, level int) {
	for _, part := range []struct {
		title string
		list  api.ResourceList
	}{{"Limits", r.Limits}, {"Requests", r.Requests}} {
		if len(part.list) > 0 {
			w.write(level, "%s:\n", part.title)
		}
		for _, name := range sortedResourceNames(part.list) {
			q := part.list[name]
			w.write(level+1, "%s:\t%s\n", name, q.String())
		}
	}
}

func sortedResourceNames(list api.ResourceList) []api.ResourceName {
	names := make([]api.ResourceName, 0, len(list))
	for n := range list {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func describeContainerProbes(w *prefixWriter, c api.Container) {
	if c.LivenessProbe != nil {
		w.write(level2, "Liveness:\t%s\n", DescribeProbe(c.LivenessProbe))
	}
	if c.ReadinessProbe != nil {
		w.write(level2, "Readiness:\t%s\n", DescribeProbe(c.ReadinessProbe))
	}
	if c.StartupProbe != nil {
		w.write(level2, "Startup:\t%s\n", DescribeProbe(c.StartupProbe))
	}
}

// describeContainerEnvVars prints "Environment:" and each variable; a
// multi-line value continues on tab-indented lines, a fieldRef shows its
// resolved value and "(v1:metadata.name)" (describeContainerEnvVars).
func describeContainerEnvVars(w *prefixWriter, c api.Container, resolve envResolver) {
	none := ""
	if len(c.Env) == 0 {
		none = "\t<none>"
	}
	w.write(level2, "Environment:%s\n", none)
	for _, e := range c.Env {
		if e.ValueFrom == nil {
			for i, line := range strings.Split(e.Value, "\n") {
				if i == 0 {
					w.write(level3, "%s:\t%s\n", e.Name, line)
				} else {
					w.write(level3, "\t%s\n", line)
				}
			}
			continue
		}
		switch vf := e.ValueFrom; {
		case vf.FieldRef != nil:
			value := ""
			if resolve != nil {
				value = resolve(e)
			}
			w.write(level3, "%s:\t%s (%s:%s)\n", e.Name, value, vf.FieldRef.APIVersion, vf.FieldRef.FieldPath)
		case vf.ResourceFieldRef != nil:
			value := containerResourceValue(vf.ResourceFieldRef, &c)
			res := vf.ResourceFieldRef.Resource
			if value == "0" && (res == "limits.cpu" || res == "limits.memory") {
				value = "node allocatable"
			}
			w.write(level3, "%s:\t%s (%s)\n", e.Name, value, res)
		case vf.SecretKeyRef != nil:
			w.write(level3, "%s:\t<set to the key '%s' in secret '%s'>\tOptional: %t\n", e.Name,
				vf.SecretKeyRef.Key, vf.SecretKeyRef.Name, isTrue(vf.SecretKeyRef.Optional))
		case vf.ConfigMapKeyRef != nil:
			w.write(level3, "%s:\t<set to the key '%s' of config map '%s'>\tOptional: %t\n", e.Name,
				vf.ConfigMapKeyRef.Key, vf.ConfigMapKeyRef.Name, isTrue(vf.ConfigMapKeyRef.Optional))
		}
	}
}

// describeContainerEnvFrom prints "Environment Variables from:" and each
// envFrom source: its name, ConfigMap or Secret (with its prefix) and
// whether it is optional (describeContainerEnvFrom).
func describeContainerEnvFrom(w *prefixWriter, c api.Container) {
	w.write(level2, "Environment Variables from:\n")
	for _, e := range c.EnvFrom {
		from, name, optional := "", "", false
		switch {
		case e.ConfigMapRef != nil:
			from, name, optional = "ConfigMap", e.ConfigMapRef.Name, isTrue(e.ConfigMapRef.Optional)
		case e.SecretRef != nil:
			from, name, optional = "Secret", e.SecretRef.Name, isTrue(e.SecretRef.Optional)
		}
		if e.Prefix == "" {
			w.write(level3, "%s\t%s\tOptional: %t\n", name, from, optional)
		} else {
			w.write(level3, "%s\t%s with prefix '%s'\tOptional: %t\n", name, from, e.Prefix, optional)
		}
	}
}

// containerResourceValue models kubectl's ExtractContainerResourceValue:
// the container's request or limit in units of the divisor (default 1),
// rounded up; cpu counts in millicores.
func containerResourceValue(fs *api.ResourceFieldSelector, c *api.Container) string {
	kind, name, _ := strings.Cut(fs.Resource, ".")
	list := c.Resources.Limits
	if kind == "requests" {
		list = c.Resources.Requests
	}
	q := list[api.ResourceName(name)]
	divisor := fs.Divisor
	if divisor.IsZero() {
		divisor = resource.MustParse("1")
	}
	if name == "cpu" {
		d := divisor.MilliValue()
		return strconv.FormatInt((q.MilliValue()+d-1)/d, 10)
	}
	d := divisor.Value()
	return strconv.FormatInt((q.Value()+d-1)/d, 10)
}

// podEnvResolver resolves the fieldRefs kubectl can resolve from the pod
// alone: metadata.name, namespace, uid, labels and annotations (whole or
// ['key']). Anything else, spec.nodeName and status.podIP included, shows
// empty, as kubectl's fieldpath.ExtractFieldPathAsString supports only
// metadata (EnvValueRetriever).
func podEnvResolver(pod *api.Pod) envResolver {
	return func(e api.EnvVar) string {
		ref := e.ValueFrom.FieldRef
		if ref.APIVersion != "v1" {
			return ""
		}
		path := ref.FieldPath
		if p, key, ok := splitSubscript(path); ok {
			switch p {
			case "metadata.annotations":
				return pod.Annotations[key]
			case "metadata.labels":
				return pod.Labels[key]
			}
			return ""
		}
		switch path {
		case "metadata.annotations":
			return formatMap(pod.Annotations)
		case "metadata.labels":
			return formatMap(pod.Labels)
		case "metadata.name":
			return pod.Name
		case "metadata.namespace":
			return pod.Namespace
		case "metadata.uid":
			return pod.UID
		}
		return ""
	}
}

// splitSubscript splits "metadata.labels['app']" into its path and key.
func splitSubscript(path string) (string, string, bool) {
	if !strings.HasSuffix(path, "']") {
		return "", "", false
	}
	i := strings.Index(path, "['")
	if i < 0 {
		return "", "", false
	}
	return path[:i], path[i+2 : len(path)-2], true
}

// formatMap is fieldpath.FormatMap: k="v" lines, sorted.
func formatMap(m map[string]string) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%v=%q\n", k, m[k])
	}
	return strings.TrimSuffix(b.String(), "\n")
}
