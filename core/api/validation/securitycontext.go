package validation

import (
	"fmt"
	"strings"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
)

// Security contexts: the pod's (validatePodSpecSecurityContext) and each
// container's (ValidateSecurityContext). Privileged containers are allowed,
// as on a kubeadm or kind cluster (--allow-privileged=true).

// The sorted value sets of the security context enums.
var (
	validFSGroupChangePolicies      = []api.PodFSGroupChangePolicy{"Always", "OnRootMismatch"}
	validSupplementalGroupsPolicies = []api.SupplementalGroupsPolicy{"Merge", "Strict"}
	validSELinuxChangePolicies      = []api.PodSELinuxChangePolicy{"MountOption", "Recursive"}
	validProcMountTypes             = []api.ProcMountType{"Default", "Unmasked"}                             // upstream's order
	validSeccompProfileTypes        = []api.SeccompProfileType{"Localhost", "RuntimeDefault", "Unconfined"}  // upstream's order
	validAppArmorProfileTypes       = []api.AppArmorProfileType{"Localhost", "RuntimeDefault", "Unconfined"} // upstream's order
)

// validatePodSecurityContext models validatePodSpecSecurityContext.
func validatePodSecurityContext(sc *api.PodSecurityContext, spec *api.PodSpec, fldPath *field.Path) field.ErrorList {
	if sc == nil {
		return nil
	}
	var errs field.ErrorList
	id := func(name string, v *int64, idx ...int) {
		if v == nil {
			return
		}
		p := fldPath.Child(name)
		for _, i := range idx {
			p = p.Index(i)
		}
		for _, msg := range isValidUserID(*v) {
			errs = append(errs, field.Invalid(p, *v, msg))
		}
	}
	id("fsGroup", sc.FSGroup)
	id("runAsUser", sc.RunAsUser)
	id("runAsGroup", sc.RunAsGroup)
	for i := range sc.SupplementalGroups {
		id("supplementalGroups", &sc.SupplementalGroups[i], i)
	}
	if len(sc.Sysctls) != 0 {
		errs = append(errs, validateSysctls(sc.Sysctls, spec, fldPath.Child("sysctls"))...)
	}
	if p := sc.FSGroupChangePolicy; p != nil && !contains(validFSGroupChangePolicies, *p) {
		errs = append(errs, field.NotSupported(fldPath.Child("fsGroupChangePolicy"), *p, validFSGroupChangePolicies))
	}
	errs = append(errs, validateSeccompProfileField(sc.SeccompProfile, fldPath.Child("seccompProfile"))...)
	errs = append(errs, validateWindowsOptions(sc.WindowsOptions, fldPath.Child("windowsOptions"))...)
	errs = append(errs, validateAppArmorProfile(sc.AppArmorProfile, fldPath.Child("appArmorProfile"))...)
	if p := sc.SupplementalGroupsPolicy; p != nil && !contains(validSupplementalGroupsPolicies, *p) {
		errs = append(errs, field.NotSupported(fldPath.Child("supplementalGroupsPolicy"), *p, validSupplementalGroupsPolicies))
	}
	if p := sc.SELinuxChangePolicy; p != nil && !contains(validSELinuxChangePolicies, *p) {
		errs = append(errs, field.NotSupported(fldPath.Child("seLinuxChangePolicy"), *p, validSELinuxChangePolicies))
	}
	return errs
}

// validateContainerSecurityContext models ValidateSecurityContext.
// hostUsers is false only when the pod sets hostUsers: false.
func validateContainerSecurityContext(sc *api.SecurityContext, hostUsers bool, fldPath *field.Path) field.ErrorList {
	if sc == nil {
		return nil
	}
	var errs field.ErrorList
	if sc.RunAsUser != nil {
		for _, msg := range isValidUserID(*sc.RunAsUser) {
			errs = append(errs, field.Invalid(fldPath.Child("runAsUser"), *sc.RunAsUser, msg))
		}
	}
	if sc.RunAsGroup != nil {
		for _, msg := range isValidGroupID(*sc.RunAsGroup) {
			errs = append(errs, field.Invalid(fldPath.Child("runAsGroup"), *sc.RunAsGroup, msg))
		}
	}
	if pm := sc.ProcMount; pm != nil {
		if !contains(validProcMountTypes, *pm) {
			errs = append(errs, field.NotSupported(fldPath.Child("procMount"), *pm, validProcMountTypes))
		}
		if hostUsers && *pm == "Unmasked" {
			errs = append(errs, field.Invalid(fldPath.Child("procMount"), *pm, "`hostUsers` must be false to use `Unmasked`"))
		}
	}
	errs = append(errs, validateSeccompProfileField(sc.SeccompProfile, fldPath.Child("seccompProfile"))...)
	if sc.AllowPrivilegeEscalation != nil && !*sc.AllowPrivilegeEscalation {
		if sc.Privileged != nil && *sc.Privileged {
			errs = append(errs, field.Invalid(fldPath, securityContextValue(sc), "cannot set `allowPrivilegeEscalation` to false and `privileged` to true"))
		}
		if sc.Capabilities != nil {
			for _, c := range sc.Capabilities.Add {
				if c == "CAP_SYS_ADMIN" {
					errs = append(errs, field.Invalid(fldPath, securityContextValue(sc), "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN"))
				}
			}
		}
	}
	errs = append(errs, validateWindowsOptions(sc.WindowsOptions, fldPath.Child("windowsOptions"))...)
	errs = append(errs, validateAppArmorProfile(sc.AppArmorProfile, fldPath.Child("appArmorProfile"))...)
	return errs
}

// securityContextValue stands for the whole security context upstream
// prints as the bad value (a Go struct dump no learner can read); the
// message after it says what is wrong.
func securityContextValue(sc *api.SecurityContext) string {
	var parts []string
	if sc.Privileged != nil {
		parts = append(parts, fmt.Sprintf("privileged: %v", *sc.Privileged))
	}
	if sc.AllowPrivilegeEscalation != nil {
		parts = append(parts, fmt.Sprintf("allowPrivilegeEscalation: %v", *sc.AllowPrivilegeEscalation))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// validateSeccompProfileField models validateSeccompProfileField.
func validateSeccompProfileField(sp *api.SeccompProfile, fldPath *field.Path) field.ErrorList {
	if sp == nil {
		return nil
	}
	var errs field.ErrorList
	switch sp.Type {
	case "Localhost", "RuntimeDefault", "Unconfined":
	case "":
		errs = append(errs, field.Required(fldPath.Child("type"), "type is required when seccompProfile is set"))
	default:
		errs = append(errs, field.NotSupported(fldPath.Child("type"), sp.Type, validSeccompProfileTypes))
	}
	if sp.Type == "Localhost" {
		if sp.LocalhostProfile == nil {
			errs = append(errs, field.Required(fldPath.Child("localhostProfile"), "must be set when seccomp type is Localhost"))
		} else {
			errs = append(errs, validateLocalDescendingPath(*sp.LocalhostProfile, fldPath.Child("localhostProfile"))...)
		}
	} else if sp.LocalhostProfile != nil {
		errs = append(errs, field.Invalid(fldPath.Child("localhostProfile"), *sp.LocalhostProfile, "can only be set when seccomp type is Localhost"))
	}
	return errs
}

// validateAppArmorProfile models ValidateAppArmorProfileField.
func validateAppArmorProfile(p *api.AppArmorProfile, fldPath *field.Path) field.ErrorList {
	if p == nil {
		return nil
	}
	var errs field.ErrorList
	lp := fldPath.Child("localhostProfile")
	switch p.Type {
	case "Localhost":
		if p.LocalhostProfile == nil {
			errs = append(errs, field.Required(lp, "must be set when AppArmor type is Localhost"))
			break
		}
		trimmed := strings.TrimSpace(*p.LocalhostProfile)
		if trimmed != *p.LocalhostProfile {
			errs = append(errs, field.Invalid(lp, *p.LocalhostProfile, "must not be padded with whitespace"))
		} else if trimmed == "" {
			errs = append(errs, field.Required(lp, "must be set when AppArmor type is Localhost"))
		}
		if len(*p.LocalhostProfile) > 4095 {
			errs = append(errs, field.TooLong(lp, "", 4095))
		}
	case "RuntimeDefault", "Unconfined":
		if p.LocalhostProfile != nil {
			errs = append(errs, field.Invalid(lp, *p.LocalhostProfile, "can only be set when AppArmor type is Localhost"))
		}
	case "":
		errs = append(errs, field.Required(fldPath.Child("type"), "type is required when appArmorProfile is set"))
	default:
		errs = append(errs, field.NotSupported(fldPath.Child("type"), p.Type, validAppArmorProfileTypes))
	}
	return errs
}

// validateWindowsOptions models the checks of
// validateWindowsSecurityContextOptions that need no Windows account
// grammar: the credential spec name, and the strings that may not be
// empty. (A Linux pod may not set these at all once spec.os says so.)
func validateWindowsOptions(w *api.WindowsSecurityContextOptions, fldPath *field.Path) field.ErrorList {
	if w == nil {
		return nil
	}
	var errs field.ErrorList
	if w.GMSACredentialSpecName != nil {
		for _, msg := range nameIsDNSSubdomain(*w.GMSACredentialSpecName, false) {
			errs = append(errs, field.Invalid(fldPath.Child("gmsaCredentialSpecName"), *w.GMSACredentialSpecName, msg))
		}
	}
	if w.GMSACredentialSpec != nil {
		if n := len(*w.GMSACredentialSpec); n == 0 {
			errs = append(errs, field.Invalid(fldPath.Child("gmsaCredentialSpec"), "", "gmsaCredentialSpec cannot be an empty string"))
		} else if n > 64*1024 {
			errs = append(errs, field.Invalid(fldPath.Child("gmsaCredentialSpec"), *w.GMSACredentialSpec, "gmsaCredentialSpec size must be under 64 KiB"))
		}
	}
	if w.RunAsUserName != nil && *w.RunAsUserName == "" {
		errs = append(errs, field.Invalid(fldPath.Child("runAsUserName"), "", "runAsUserName cannot be an empty string"))
	}
	return errs
}

// sysctlMaxLength and sysctlPattern are SysctlMaxLength and the text of
// sysctlContainSlashRegexp, which upstream's message quotes.
const (
	sysctlMaxLength = 253
	sysctlPattern   = `^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$`
)

// validateSysctls models validateSysctls with ValidateHostSysctl (a new
// pod may not set a namespaced sysctl for a namespace it shares with the
// host).
func validateSysctls(sysctls []api.Sysctl, spec *api.PodSpec, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	names := map[string]bool{}
	for i, s := range sysctls {
		namePath := fldPath.Index(i).Child("name")
		switch {
		case s.Name == "":
			errs = append(errs, field.Required(namePath, ""))
		case !isValidSysctlName(s.Name):
			errs = append(errs, field.Invalid(namePath, s.Name,
				fmt.Sprintf("must have at most %d characters and match regex %s", sysctlMaxLength, sysctlPattern)))
		case names[s.Name]:
			errs = append(errs, field.Duplicate(namePath, s.Name))
		}
		switch ns := sysctlNamespace(s.Name); {
		case spec.HostNetwork && ns == "Net":
			errs = append(errs, field.Invalid(namePath, s.Name, "may not be specified when 'hostNetwork' is true"))
		case spec.HostIPC && ns == "IPC":
			errs = append(errs, field.Invalid(namePath, s.Name, "may not be specified when 'hostIPC' is true"))
		}
		names[s.Name] = true
	}
	return errs
}

// isValidSysctlName models IsValidSysctlName: segments of lower-case
// alphanumerics, '-' and '_' (not at either end), joined by '.' or '/'.
func isValidSysctlName(name string) bool {
	if len(name) > sysctlMaxLength || name == "" {
		return false
	}
	for _, seg := range strings.FieldsFunc(name, func(r rune) bool { return r == '.' || r == '/' }) {
		if !isSegment(seg, "-_") {
			return false
		}
	}
	// FieldsFunc drops empty segments: an empty one (a leading, trailing
	// or doubled separator) is not allowed.
	last := name[len(name)-1]
	return name[0] != '.' && name[0] != '/' && last != '.' && last != '/' &&
		!strings.Contains(name, "..") && !strings.Contains(name, "//") && !strings.Contains(name, "./") && !strings.Contains(name, "/.")
}

// isSegment reports whether s is lower-case alphanumerics with the inner
// characters also allowed to be one of inner.
func isSegment(s, inner string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := 'a' <= c && c <= 'z' || '0' <= c && c <= '9'
		if alnum {
			continue
		}
		if i == 0 || i == len(s)-1 || !strings.ContainsRune(inner, rune(c)) {
			return false
		}
	}
	return true
}

// sysctlNamespace models utilsysctl.GetNamespace (component-helpers): the
// kernel namespace a sysctl belongs to, "Net", "IPC", "UTS", "User" or "".
// A name written with '/' separators is normalised to dots first.
func sysctlNamespace(name string) string {
	if i := strings.IndexAny(name, "./"); i >= 0 && name[i] == '/' {
		name = strings.NewReplacer(".", "/", "/", ".").Replace(name)
	}
	if i := strings.IndexByte(name, '*'); i >= 0 {
		name = name[:i]
	}
	switch name {
	case "kernel.domainname":
		return "UTS"
	case "kernel.sem", "kernel.shmall", "kernel.shmmax", "kernel.shmmni", "kernel.shm_rmid_forced",
		"kernel.shm", "kernel.msgmax", "kernel.msgmnb", "kernel.msgmni", "kernel.msg":
		return "IPC"
	}
	switch {
	case strings.HasPrefix(name, "net."):
		return "Net"
	case strings.HasPrefix(name, "fs.mqueue."):
		return "IPC"
	case strings.HasPrefix(name, "user."):
		return "User"
	}
	return ""
}

func contains[T comparable](list []T, v T) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
