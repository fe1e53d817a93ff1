package validation

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// The PodSpec fields ValidatePodSpec checks with helpers of their own:
// host namespaces, DNS, image pull secrets, scheduling gates, resource
// claims, the hostname override and the pod's OS.

// validatePodHostNetworkDeps models validatePodHostNetworkDeps: on the
// host's network a container port is a host port. A Pod (defaulted by
// then) must say so; a template may leave hostPort 0 for the Pod's
// defaulting to fill in.
func validatePodHostNetworkDeps(spec *api.PodSpec, fldPath *field.Path, resourceIsPod bool) field.ErrorList {
	if !spec.HostNetwork {
		return nil
	}
	var errs field.ErrorList
	cPath := fldPath.Child("containers")
	for i, c := range spec.Containers {
		for j, p := range c.Ports {
			if (resourceIsPod || p.HostPort != 0) && p.HostPort != p.ContainerPort {
				errs = append(errs, field.Invalid(cPath.Index(i).Child("ports").Index(j).Child("hostPort"), p.HostPort,
					"must match `containerPort` when `hostNetwork` is true"))
			}
		}
	}
	return errs
}

// validateImagePullSecrets models validateImagePullSecrets: a reference
// holds a name only (LocalObjectReference has no other field here, so this
// can only fail if upstream's type grows one).
func validateImagePullSecrets(secrets []api.LocalObjectReference, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for i, s := range secrets {
		if !reflect.DeepEqual(api.LocalObjectReference{Name: s.Name}, s) {
			errs = append(errs, field.Invalid(fldPath.Index(i), s, "only name may be set"))
		}
	}
	return errs
}

// The limits of a pod's DNS configuration (MaxDNSNameservers,
// MaxDNSSearchPaths, MaxDNSSearchListChars).
const (
	maxDNSNameservers     = 3
	maxDNSSearchPaths     = 32
	maxDNSSearchListChars = 2048
)

// validatePodDNSConfig models validatePodDNSConfig.
func validatePodDNSConfig(c *api.PodDNSConfig, policy api.DNSPolicy, fldPath *field.Path) field.ErrorList {
	if policy == "None" {
		if c == nil {
			return field.ErrorList{field.Required(fldPath, "must provide `dnsConfig` when `dnsPolicy` is None")}
		}
		if len(c.Nameservers) == 0 {
			return field.ErrorList{field.Required(fldPath.Child("nameservers"), "must provide at least one DNS nameserver when `dnsPolicy` is None")}
		}
	}
	if c == nil {
		return nil
	}
	var errs field.ErrorList
	if len(c.Nameservers) > maxDNSNameservers {
		errs = append(errs, field.Invalid(fldPath.Child("nameservers"), c.Nameservers,
			fmt.Sprintf("must not have more than %v nameservers", maxDNSNameservers)))
	}
	for i, ns := range c.Nameservers {
		errs = append(errs, validateIP(fldPath.Child("nameservers").Index(i), ns)...)
	}
	if len(c.Searches) > maxDNSSearchPaths {
		errs = append(errs, field.Invalid(fldPath.Child("searches"), c.Searches,
			fmt.Sprintf("must not have more than %v search paths", maxDNSSearchPaths)))
	}
	if len(strings.Join(c.Searches, " ")) > maxDNSSearchListChars {
		errs = append(errs, field.Invalid(fldPath.Child("searches"), c.Searches,
			fmt.Sprintf("must not have more than %v characters (including spaces) in the search list", maxDNSSearchListChars)))
	}
	for i, s := range c.Searches {
		if s == "." {
			continue
		}
		s = strings.TrimSuffix(s, ".")
		for _, msg := range isDNS1123SubdomainWithUnderscore(s) {
			errs = append(errs, field.Invalid(fldPath.Child("searches").Index(i), s, msg))
		}
	}
	for i, o := range c.Options {
		if o.Name == "" {
			errs = append(errs, field.Required(fldPath.Child("options").Index(i), "must not be empty"))
		}
	}
	return errs
}

// isDNS1123SubdomainWithUnderscore models validation.IsDNS1123SubdomainWithUnderscore:
// labels of _?[a-z0-9]([-_a-z0-9]*[a-z0-9])? joined by dots, at most 253
// characters.
func isDNS1123SubdomainWithUnderscore(value string) []string {
	var errs []string
	if len(value) > 253 {
		errs = append(errs, naming.MaxLenError(253))
	}
	ok := value != ""
	for _, label := range strings.Split(value, ".") {
		ok = ok && isSegment(strings.TrimPrefix(label, "_"), "-_")
	}
	if !ok {
		errs = append(errs, naming.RegexError(
			"a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character",
			`_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*`, "example.com"))
	}
	return errs
}

// validateSchedulingGates models validateSchedulingGates: qualified names,
// no duplicates.
func validateSchedulingGates(gates []api.PodSchedulingGate, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	seen := map[string]bool{}
	for i, g := range gates {
		errs = append(errs, validateQualifiedName(g.Name, fldPath.Index(i))...)
		if seen[g.Name] {
			errs = append(errs, field.Duplicate(fldPath.Index(i), g.Name))
		}
		seen[g.Name] = true
	}
	return errs
}

// validatePodResourceClaims models validatePodResourceClaims (a claim is a
// DRA device request; the playground has no devices to allocate, so such
// a pod is stored and validated but never finds one).
func validatePodResourceClaims(claims []api.PodResourceClaim, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	names := map[string]bool{}
	for i, c := range claims {
		p := fldPath.Index(i)
		switch {
		case c.Name == "":
			errs = append(errs, field.Required(p.Child("name"), ""))
		case names[c.Name]:
			errs = append(errs, field.Duplicate(p.Child("name"), c.Name))
		default:
			errs = append(errs, validateDNS1123Label(c.Name, p.Child("name"))...)
			names[c.Name] = true
		}
		if c.ResourceClaimName != nil && c.ResourceClaimTemplateName != nil {
			errs = append(errs, field.Invalid(p, c.Name, "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified"))
		}
		if c.ResourceClaimName == nil && c.ResourceClaimTemplateName == nil {
			errs = append(errs, field.Invalid(p, c.Name, "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`"))
		}
		for _, ref := range []struct {
			name string
			v    *string
		}{{"resourceClaimName", c.ResourceClaimName}, {"resourceClaimTemplateName", c.ResourceClaimTemplateName}} {
			if ref.v == nil {
				continue
			}
			for _, msg := range nameIsDNSSubdomain(*ref.v, false) {
				errs = append(errs, field.Invalid(p.Child(ref.name), *ref.v, msg))
			}
		}
	}
	return errs
}

// validateHostUsers models validateHostUsers: a pod in its own user
// namespace (hostUsers: false) may not share the host's PID or IPC
// namespace (hostNetwork is allowed since UserNamespacesHostNetworkSupport),
// nor use raw block devices. The HostPID and HostIPC paths are upstream's
// capitalisation.
func validateHostUsers(spec *api.PodSpec, fldPath *field.Path) field.ErrorList {
	if spec.HostUsers == nil || *spec.HostUsers {
		return nil
	}
	var errs field.ErrorList
	if spec.HostPID {
		errs = append(errs, field.Forbidden(fldPath.Child("HostPID"), "when `hostUsers` is false"))
	}
	if spec.HostIPC {
		errs = append(errs, field.Forbidden(fldPath.Child("HostIPC"), "when `hostUsers` is false"))
	}
	eachContainerWithPath(spec, fldPath, func(c *api.Container, p *field.Path) {
		if len(c.VolumeDevices) > 0 {
			errs = append(errs, field.Forbidden(p.Child("volumeDevices"), "when `hostUsers` is false"))
		}
	})
	return errs
}

// validatePodHostnameOverride models validatePodHostName.
func validatePodHostnameOverride(spec *api.PodSpec, fldPath *field.Path) field.ErrorList {
	if spec.HostnameOverride == nil {
		return nil
	}
	var errs field.ErrorList
	p := fldPath.Child("hostnameOverride")
	if spec.SetHostnameAsFQDN != nil && *spec.SetHostnameAsFQDN {
		errs = append(errs, field.Forbidden(p, "may not be specified when setHostnameAsFQDN is true"))
	}
	if spec.HostNetwork {
		errs = append(errs, field.Forbidden(p, "may not be specified when hostNetwork is true"))
	}
	if len(*spec.HostnameOverride) > 64 {
		errs = append(errs, field.TooLong(p, "", 64))
	}
	return append(errs, validateDNS1123Subdomain(*spec.HostnameOverride, p)...)
}

// validatePodOS models validateOS and, for a Linux pod, validateLinux (no
// Windows options anywhere); for a Windows pod the pod-level half of
// validateWindows (no Linux-only security settings or host namespaces).
func validatePodOS(spec *api.PodSpec, fldPath *field.Path) field.ErrorList {
	os := spec.OS
	if os == nil {
		return nil
	}
	osPath := fldPath.Child("os")
	if os.Name == "" {
		return field.ErrorList{field.Required(osPath.Child("name"), "")}
	}
	var errs field.ErrorList
	switch os.Name {
	case "linux":
		if sc := spec.SecurityContext; sc != nil && sc.WindowsOptions != nil {
			errs = append(errs, field.Forbidden(fldPath.Child("securityContext").Child("windowsOptions"), "windows options cannot be set for a linux pod"))
		}
		eachContainerWithPath(spec, fldPath, func(c *api.Container, p *field.Path) {
			if sc := c.SecurityContext; sc != nil && sc.WindowsOptions != nil {
				errs = append(errs, field.Forbidden(p.Child("securityContext").Child("windowsOptions"), "windows options cannot be set for a linux pod"))
			}
		})
	case "windows":
		const msg = "cannot be set for a windows pod"
		scPath := fldPath.Child("securityContext")
		if sc := spec.SecurityContext; sc != nil {
			for _, f := range []struct {
				name string
				set  bool
			}{
				{"appArmorProfile", sc.AppArmorProfile != nil}, {"seLinuxOptions", sc.SELinuxOptions != nil},
				{"seccompProfile", sc.SeccompProfile != nil}, {"fsGroup", sc.FSGroup != nil},
				{"fsGroupChangePolicy", sc.FSGroupChangePolicy != nil}, {"sysctls", len(sc.Sysctls) > 0},
				{"runAsUser", sc.RunAsUser != nil}, {"runAsGroup", sc.RunAsGroup != nil},
				{"supplementalGroups", sc.SupplementalGroups != nil}, {"supplementalGroupsPolicy", sc.SupplementalGroupsPolicy != nil},
				{"seLinuxChangePolicy", sc.SELinuxChangePolicy != nil},
			} {
				if f.set {
					errs = append(errs, field.Forbidden(scPath.Child(f.name), msg))
				}
			}
		}
		if spec.HostUsers != nil {
			errs = append(errs, field.Forbidden(fldPath.Child("hostUsers"), msg))
		}
		if spec.HostPID {
			errs = append(errs, field.Forbidden(fldPath.Child("hostPID"), msg))
		}
		if spec.HostIPC {
			errs = append(errs, field.Forbidden(fldPath.Child("hostIPC"), msg))
		}
		if spec.ShareProcessNamespace != nil {
			errs = append(errs, field.Forbidden(fldPath.Child("shareProcessNamespace"), msg))
		}
	default:
		errs = append(errs, field.NotSupported(osPath, os.Name, []api.OSName{"linux", "windows"}))
	}
	return errs
}

// eachContainerWithPath models VisitContainersWithPath: init, regular and
// ephemeral containers, each with its field path.
func eachContainerWithPath(spec *api.PodSpec, fldPath *field.Path, f func(*api.Container, *field.Path)) {
	for i := range spec.InitContainers {
		f(&spec.InitContainers[i], fldPath.Child("initContainers").Index(i))
	}
	for i := range spec.Containers {
		f(&spec.Containers[i], fldPath.Child("containers").Index(i))
	}
	for i := range spec.EphemeralContainers {
		f((*api.Container)(&spec.EphemeralContainers[i].EphemeralContainerCommon), fldPath.Child("ephemeralContainers").Index(i))
	}
}

// validateTemplateObjectMeta models ValidateTemplateObjectMeta: an
// embedded template's metadata may carry labels and annotations only.
func validateTemplateObjectMeta(m *api.ObjectMeta, fldPath *field.Path) field.ErrorList {
	errs := validateAnnotations(m.Annotations, fldPath.Child("annotations"))
	errs = append(errs, validateLabels(m.Labels, fldPath.Child("labels"))...)
	rest := *m
	rest.Labels, rest.Annotations = nil, nil
	v := reflect.ValueOf(rest)
	t := v.Type()
	for i := range t.NumField() {
		if v.Field(i).IsZero() {
			continue
		}
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		errs = append(errs, field.Forbidden(fldPath.Child(name), "cannot be set"))
	}
	return errs
}
