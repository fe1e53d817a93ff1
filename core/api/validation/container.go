package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// validateContainers models core validateContainers: at least one
// container, each valid and uniquely named, then host-port conflicts across
// all of them.
func validateContainers(containers []api.Container, vols map[string]bool, gracePeriod *int64, fldPath *field.Path) field.ErrorList {
	if len(containers) == 0 {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	var errs field.ErrorList
	names := map[string]bool{}
	for i := range containers {
		c := &containers[i]
		path := fldPath.Index(i)
		errs = append(errs, validateContainerCommon(c, vols, path)...)
		if names[c.Name] {
			errs = append(errs, field.Duplicate(path.Child("name"), c.Name))
		} else {
			names[c.Name] = true
		}
		if c.Lifecycle != nil {
			errs = append(errs, validateLifecycle(c.Lifecycle, gracePeriod, path.Child("lifecycle"))...)
		}
		errs = append(errs, validateLivenessProbe(c.LivenessProbe, gracePeriod, path.Child("livenessProbe"))...)
		errs = append(errs, validateReadinessProbe(c.ReadinessProbe, gracePeriod, path.Child("readinessProbe"))...)
		errs = append(errs, validateStartupProbe(c.StartupProbe, gracePeriod, path.Child("startupProbe"))...)
	}
	return append(errs, checkHostPortConflicts(containers, fldPath)...)
}

// validateInitContainers models core validateInitContainers. Playground
// init containers have no restartPolicy, so none is a sidecar: hooks and
// probes are forbidden on all of them.
func validateInitContainers(containers, regular []api.Container, vols map[string]bool, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	names := map[string]bool{}
	for _, c := range regular {
		names[c.Name] = true
	}
	for i := range containers {
		c := &containers[i]
		path := fldPath.Index(i)
		errs = append(errs, validateContainerCommon(c, vols, path)...)
		// Names must be unique within regular and init containers.
		if names[c.Name] {
			errs = append(errs, field.Duplicate(path.Child("name"), c.Name))
		} else if c.Name != "" {
			names[c.Name] = true
		}
		// Init containers run one by one, so each is checked alone (and,
		// as upstream, reported under index 0).
		errs = append(errs, checkHostPortConflicts([]api.Container{*c}, fldPath)...)
		const notSidecar = "may not be set for init containers without restartPolicy=Always"
		if c.Lifecycle != nil {
			errs = append(errs, field.Forbidden(path.Child("lifecycle"), notSidecar))
		}
		if c.LivenessProbe != nil {
			errs = append(errs, field.Forbidden(path.Child("livenessProbe"), notSidecar))
		}
		if c.ReadinessProbe != nil {
			errs = append(errs, field.Forbidden(path.Child("readinessProbe"), notSidecar))
		}
		if c.StartupProbe != nil {
			errs = append(errs, field.Forbidden(path.Child("startupProbe"), notSidecar))
		}
	}
	return errs
}

// validateContainerCommon models validateContainerCommon: name, image,
// termination message policy, ports, env, volume mounts (against the
// pod's valid volumes), pull policy and resources.
func validateContainerCommon(c *api.Container, vols map[string]bool, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	namePath := path.Child("name")
	if c.Name == "" {
		errs = append(errs, field.Required(namePath, ""))
	} else {
		errs = append(errs, validateDNS1123Label(c.Name, namePath)...)
	}
	if c.Image == "" {
		errs = append(errs, field.Required(path.Child("image"), ""))
	}
	switch c.TerminationMessagePolicy {
	case api.TerminationMessageReadFile, "FallbackToLogsOnError":
	case "":
		errs = append(errs, field.Required(path.Child("terminationMessagePolicy"), ""))
	default:
		valid := []string{"File", "FallbackToLogsOnError"}
		errs = append(errs, field.NotSupported(path.Child("terminationMessagePolicy"), c.TerminationMessagePolicy, valid))
	}
	errs = append(errs, validateContainerPorts(c.Ports, path.Child("ports"))...)
	errs = append(errs, validateEnv(c.Env, path.Child("env"))...)
	errs = append(errs, validateVolumeMounts(c.VolumeMounts, vols, path.Child("volumeMounts"))...)
	errs = append(errs, validatePullPolicy(c.ImagePullPolicy, path.Child("imagePullPolicy"))...)
	errs = append(errs, validateContainerResourceRequirements(&c.Resources, path.Child("resources"))...)
	return errs
}

// supportedPortProtocols is sets.List(supportedPortProtocols): sorted.
var supportedPortProtocols = []string{"SCTP", "TCP", "UDP"}

func isSupportedProtocol(p api.Protocol) bool {
	return p == api.ProtocolTCP || p == api.ProtocolUDP || p == api.ProtocolSCTP
}

// validateContainerPorts models validateContainerPorts.
func validateContainerPorts(ports []api.ContainerPort, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	names := map[string]bool{}
	for i, p := range ports {
		idxPath := fldPath.Index(i)
		if p.Name != "" {
			if msgs := naming.IsValidPortName(p.Name); len(msgs) != 0 {
				for _, msg := range msgs {
					errs = append(errs, field.Invalid(idxPath.Child("name"), p.Name, msg))
				}
			} else if names[p.Name] {
				errs = append(errs, field.Duplicate(idxPath.Child("name"), p.Name))
			} else {
				names[p.Name] = true
			}
		}
		if p.ContainerPort == 0 {
			errs = append(errs, field.Required(idxPath.Child("containerPort"), ""))
		} else {
			for _, msg := range naming.IsValidPortNum(int(p.ContainerPort)) {
				errs = append(errs, field.Invalid(idxPath.Child("containerPort"), p.ContainerPort, msg))
			}
		}
		if p.HostPort != 0 {
			for _, msg := range naming.IsValidPortNum(int(p.HostPort)) {
				errs = append(errs, field.Invalid(idxPath.Child("hostPort"), p.HostPort, msg))
			}
		}
		errs = append(errs, validateProtocol(p.Protocol, idxPath.Child("protocol"))...)
	}
	return errs
}

// validatePullPolicy models validatePullPolicy.
func validatePullPolicy(p api.PullPolicy, fldPath *field.Path) field.ErrorList {
	switch p {
	case api.PullAlways, api.PullIfNotPresent, api.PullNever:
		return nil
	case "":
		return field.ErrorList{field.Required(fldPath, "")}
	}
	return field.ErrorList{field.NotSupported(fldPath, p, []string{"Always", "IfNotPresent", "Never"})}
}
