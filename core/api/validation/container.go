package validation

import (
	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// containerContext is what a container's validation needs from its pod:
// the valid volumes, the grace period the hooks and probes are bounded
// by, the pod's restart policy and whether it shares the host's users.
type containerContext struct {
	vols          map[string]bool
	gracePeriod   *int64
	restartPolicy api.RestartPolicy
	hostUsers     bool
}

// validateContainers models core validateContainers: at least one
// container, each valid and uniquely named, then host-port conflicts across
// all of them.
func validateContainers(containers []api.Container, cc containerContext, fldPath *field.Path) field.ErrorList {
	if len(containers) == 0 {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	var errs field.ErrorList
	names := map[string]bool{}
	for i := range containers {
		c := &containers[i]
		path := fldPath.Index(i)
		errs = append(errs, validateContainerCommon(c, cc, path)...)
		if names[c.Name] {
			errs = append(errs, field.Duplicate(path.Child("name"), c.Name))
		} else {
			names[c.Name] = true
		}
		errs = append(errs, validateContainerHandlers(c, cc.gracePeriod, path)...)
		// ContainerRestartRules (beta, on in v1.37) lets a regular
		// container override the pod's restart policy.
		errs = append(errs, validateContainerRestartPolicy(c.RestartPolicy, c.RestartPolicyRules, path)...)
	}
	return append(errs, checkHostPortConflicts(containers, fldPath)...)
}

// validateContainerHandlers checks the hooks and probes a regular
// container or a sidecar may have.
func validateContainerHandlers(c *api.Container, gracePeriod *int64, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if c.Lifecycle != nil {
		errs = append(errs, validateLifecycle(c.Lifecycle, gracePeriod, path.Child("lifecycle"))...)
	}
	errs = append(errs, validateLivenessProbe(c.LivenessProbe, gracePeriod, path.Child("livenessProbe"))...)
	errs = append(errs, validateReadinessProbe(c.ReadinessProbe, gracePeriod, path.Child("readinessProbe"))...)
	return append(errs, validateStartupProbe(c.StartupProbe, gracePeriod, path.Child("startupProbe"))...)
}

// validateInitContainers models core validateInitContainers. An init
// container with restartPolicy Always is a sidecar (native sidecars, GA
// since v1.33): it may have hooks and probes; the others may not.
func validateInitContainers(containers, regular []api.Container, cc containerContext, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	names := map[string]bool{}
	for _, c := range regular {
		names[c.Name] = true
	}
	for i := range containers {
		c := &containers[i]
		path := fldPath.Index(i)
		errs = append(errs, validateContainerCommon(c, cc, path)...)
		errs = append(errs, validateInitContainerRestartPolicy(c.RestartPolicy, c.RestartPolicyRules, path)...)
		sidecar := c.RestartPolicy != nil && *c.RestartPolicy == api.ContainerRestartPolicyAlways
		// Names must be unique within regular and init containers.
		if names[c.Name] {
			errs = append(errs, field.Duplicate(path.Child("name"), c.Name))
		} else if c.Name != "" {
			names[c.Name] = true
		}
		// Init containers run one by one, so each is checked alone (and,
		// as upstream, reported under index 0).
		errs = append(errs, checkHostPortConflicts([]api.Container{*c}, fldPath)...)
		if sidecar {
			errs = append(errs, validateContainerHandlers(c, cc.gracePeriod, path)...)
		} else {
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
			for j, p := range c.ResizePolicy {
				if p.RestartPolicy == "RestartContainer" {
					errs = append(errs, field.Invalid(path.Child("resizePolicy").Index(j).Child("restartPolicy"), p.RestartPolicy,
						"must not be set to 'RestartContainer' for non-sidecar initContainers"))
				}
			}
		}
	}
	return errs
}

// The sorted value sets of container restart policies and rules.
var (
	supportedContainerRestartPolicies = []api.ContainerRestartPolicy{"Always", "Never", "OnFailure"}
	supportedRestartRuleActions       = []api.ContainerRestartRuleAction{"Restart", "RestartAllContainers"}
	supportedRestartRuleOperators     = []api.ContainerRestartRuleOnExitCodesOperator{"In", "NotIn"}
)

// validateInitContainerRestartPolicy models validateInitContainerRestartPolicy
// with ContainerRestartRules and RestartAllContainersOnContainerExits on
// (both beta in v1.37).
func validateInitContainerRestartPolicy(policy *api.ContainerRestartPolicy, rules []api.ContainerRestartRule, fldPath *field.Path) field.ErrorList {
	if policy == nil {
		if len(rules) > 0 {
			return field.ErrorList{field.Required(fldPath.Child("restartPolicy"), "must specify restartPolicy when restart rules are used")}
		}
		return nil
	}
	return validateContainerRestartPolicy(policy, rules, fldPath)
}

// validateContainerRestartPolicy models validateContainerRestartPolicy.
func validateContainerRestartPolicy(policy *api.ContainerRestartPolicy, rules []api.ContainerRestartRule, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	policyPath := fldPath.Child("restartPolicy")
	switch {
	case policy == nil && len(rules) == 0:
		return nil
	case policy == nil:
		errs = append(errs, field.Required(policyPath, "must specify restartPolicy when restart rules are used"))
	case !contains(supportedContainerRestartPolicies, *policy):
		errs = append(errs, field.NotSupported(policyPath, *policy, supportedContainerRestartPolicies))
	}
	rulesPath := fldPath.Child("restartPolicyRules")
	if len(rules) > 20 {
		errs = append(errs, field.TooMany(rulesPath, len(rules), 20))
	}
	for i, r := range rules {
		rp := rulesPath.Index(i)
		if !contains(supportedRestartRuleActions, r.Action) {
			errs = append(errs, field.NotSupported(rp.Child("action"), r.Action, supportedRestartRuleActions))
		}
		if r.ExitCodes == nil {
			errs = append(errs, field.Required(rp.Child("exitCodes"), "must be specified"))
			continue
		}
		if !contains(supportedRestartRuleOperators, r.ExitCodes.Operator) {
			errs = append(errs, field.NotSupported(rp.Child("exitCodes").Child("operator"), r.ExitCodes.Operator, supportedRestartRuleOperators))
		}
		if len(r.ExitCodes.Values) > 255 {
			errs = append(errs, field.TooMany(rp.Child("exitCodes").Child("values"), len(r.ExitCodes.Values), 255))
		}
	}
	return errs
}

// validateEphemeralContainers models validateEphemeralContainers for what
// reaches it: a Pod may not be created with ephemeral containers and a
// template may not have them (both checked by the callers), so this sees
// them only on an update. Each is a valid container, uniquely named across
// all kinds of container, targeting an existing one, without subPaths.
func validateEphemeralContainers(ecs []api.EphemeralContainer, containers, inits []api.Container, cc containerContext, fldPath *field.Path) field.ErrorList {
	if len(ecs) == 0 {
		return nil
	}
	var errs field.ErrorList
	others, all := map[string]bool{}, map[string]bool{}
	for _, list := range [][]api.Container{containers, inits} {
		for _, c := range list {
			others[c.Name], all[c.Name] = true, true
		}
	}
	for i := range ecs {
		ec := &ecs[i]
		path := fldPath.Index(i)
		errs = append(errs, validateContainerCommon((*api.Container)(&ec.EphemeralContainerCommon), cc, path)...)
		if all[ec.Name] {
			errs = append(errs, field.Duplicate(path.Child("name"), ec.Name))
		} else {
			all[ec.Name] = true
		}
		if ec.TargetContainerName != "" && !others[ec.TargetContainerName] {
			errs = append(errs, field.NotFound(path.Child("targetContainerName"), ec.TargetContainerName))
		}
		for j, vm := range ec.VolumeMounts {
			if vm.SubPath != "" {
				errs = append(errs, field.Forbidden(path.Child("volumeMounts").Index(j).Child("subPath"), "cannot be set for an Ephemeral Container"))
			}
			if vm.SubPathExpr != "" {
				errs = append(errs, field.Forbidden(path.Child("volumeMounts").Index(j).Child("subPathExpr"), "cannot be set for an Ephemeral Container"))
			}
		}
	}
	return errs
}

// validateContainerCommon models validateContainerCommon: name, image,
// termination message policy, ports, env and envFrom, volume mounts
// (against the pod's valid volumes), pull policy, resources, resize
// policy and security context.
func validateContainerCommon(c *api.Container, cc containerContext, path *field.Path) field.ErrorList {
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
	errs = append(errs, validateEnvFrom(c.EnvFrom, path.Child("envFrom"))...)
	errs = append(errs, validateVolumeMounts(c.VolumeMounts, cc.vols, path.Child("volumeMounts"))...)
	errs = append(errs, validatePullPolicy(c.ImagePullPolicy, path.Child("imagePullPolicy"))...)
	errs = append(errs, validateContainerResourceRequirements(&c.Resources, path.Child("resources"))...)
	errs = append(errs, validateResizePolicy(c.ResizePolicy, cc.restartPolicy, path.Child("resizePolicy"))...)
	errs = append(errs, validateContainerSecurityContext(c.SecurityContext, cc.hostUsers, path.Child("securityContext"))...)
	return errs
}

// validateResizePolicy models validateResizePolicy. As upstream, most of
// its errors name the list, not the entry.
func validateResizePolicy(policies []api.ContainerResizePolicy, podRestart api.RestartPolicy, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[api.ResourceName]bool{}
	for i, p := range policies {
		if seen[p.ResourceName] {
			errs = append(errs, field.Duplicate(fldPath.Index(i), p.ResourceName))
		}
		seen[p.ResourceName] = true
		switch p.ResourceName {
		case api.ResourceCPU, api.ResourceMemory:
		case "":
			errs = append(errs, field.Required(fldPath, ""))
		default:
			errs = append(errs, field.NotSupported(fldPath, p.ResourceName, []api.ResourceName{"cpu", "memory"}))
		}
		switch p.RestartPolicy {
		case "NotRequired", "RestartContainer":
		case "":
			errs = append(errs, field.Required(fldPath, ""))
		default:
			errs = append(errs, field.NotSupported(fldPath, p.RestartPolicy, []api.ResourceResizeRestartPolicy{"NotRequired", "RestartContainer"}))
		}
		if podRestart == api.RestartPolicyNever && p.RestartPolicy != "NotRequired" {
			errs = append(errs, field.Invalid(fldPath, p.RestartPolicy, "must be 'NotRequired' when pod `restartPolicy` is 'Never'"))
		}
	}
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
