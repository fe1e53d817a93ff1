package validation

import (
	"fmt"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/field"
	"github.com/kubeplay/kubeplay/core/api/naming"
)

// validateLivenessProbe models validateLivenessProbe: a valid probe whose
// successThreshold is 1.
func validateLivenessProbe(p *api.Probe, gracePeriod *int64, fldPath *field.Path) field.ErrorList {
	if p == nil {
		return nil
	}
	errs := validateProbe(p, gracePeriod, fldPath)
	if p.SuccessThreshold != 1 {
		errs = append(errs, field.Invalid(fldPath.Child("successThreshold"), p.SuccessThreshold, "must be 1"))
	}
	return errs
}

// validateReadinessProbe models validateReadinessProbe: a valid probe
// without terminationGracePeriodSeconds.
func validateReadinessProbe(p *api.Probe, gracePeriod *int64, fldPath *field.Path) field.ErrorList {
	if p == nil {
		return nil
	}
	errs := validateProbe(p, gracePeriod, fldPath)
	if p.TerminationGracePeriodSeconds != nil {
		errs = append(errs, field.Invalid(fldPath.Child("terminationGracePeriodSeconds"), p.TerminationGracePeriodSeconds, "must not be set for readinessProbes"))
	}
	return errs
}

// validateStartupProbe models validateStartupProbe: like liveness.
func validateStartupProbe(p *api.Probe, gracePeriod *int64, fldPath *field.Path) field.ErrorList {
	if p == nil {
		return nil
	}
	errs := validateProbe(p, gracePeriod, fldPath)
	if p.SuccessThreshold != 1 {
		errs = append(errs, field.Invalid(fldPath.Child("successThreshold"), p.SuccessThreshold, "must be 1"))
	}
	return errs
}

// validateProbe models validateProbe.
func validateProbe(p *api.Probe, gracePeriod *int64, fldPath *field.Path) field.ErrorList {
	h := commonHandler{exec: p.Exec, httpGet: p.HTTPGet, tcpSocket: p.TCPSocket, grpc: p.GRPC}
	errs := validateHandler(h, gracePeriod, fldPath)
	errs = append(errs, validateNonnegative(int64(p.InitialDelaySeconds), fldPath.Child("initialDelaySeconds"))...)
	errs = append(errs, validateNonnegative(int64(p.TimeoutSeconds), fldPath.Child("timeoutSeconds"))...)
	errs = append(errs, validateNonnegative(int64(p.PeriodSeconds), fldPath.Child("periodSeconds"))...)
	errs = append(errs, validateNonnegative(int64(p.SuccessThreshold), fldPath.Child("successThreshold"))...)
	errs = append(errs, validateNonnegative(int64(p.FailureThreshold), fldPath.Child("failureThreshold"))...)
	if p.TerminationGracePeriodSeconds != nil && *p.TerminationGracePeriodSeconds <= 0 {
		errs = append(errs, field.Invalid(fldPath.Child("terminationGracePeriodSeconds"), *p.TerminationGracePeriodSeconds, "must be greater than 0"))
	}
	return errs
}

// validateLifecycle models validateLifecycle.
func validateLifecycle(l *api.Lifecycle, gracePeriod *int64, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	for _, hook := range []struct {
		name string
		h    *api.LifecycleHandler
	}{{"postStart", l.PostStart}, {"preStop", l.PreStop}} {
		if hook.h != nil {
			h := commonHandler{exec: hook.h.Exec, httpGet: hook.h.HTTPGet, tcpSocket: hook.h.TCPSocket, sleep: hook.h.Sleep}
			errs = append(errs, validateHandler(h, gracePeriod, fldPath.Child(hook.name))...)
		}
	}
	return errs
}

// commonHandler is upstream's commonHandler: the union of probe and
// lifecycle handler kinds.
type commonHandler struct {
	exec      *api.ExecAction
	httpGet   *api.HTTPGetAction
	tcpSocket *api.TCPSocketAction
	grpc      *api.GRPCAction
	sleep     *api.SleepAction
}

// validateHandler models validateHandler: exactly one handler, checked in
// the order exec, httpGet, tcpSocket, grpc, sleep.
func validateHandler(h commonHandler, gracePeriod *int64, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	n := 0
	const tooMany = "may not specify more than 1 handler type"
	if h.exec != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(fldPath.Child("exec"), tooMany))
		} else {
			n++
			if len(h.exec.Command) == 0 {
				errs = append(errs, field.Required(fldPath.Child("exec", "command"), ""))
			}
		}
	}
	if h.httpGet != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(fldPath.Child("httpGet"), tooMany))
		} else {
			n++
			errs = append(errs, validateHTTPGetAction(h.httpGet, fldPath.Child("httpGet"))...)
		}
	}
	if h.tcpSocket != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(fldPath.Child("tcpSocket"), tooMany))
		} else {
			n++
			errs = append(errs, validatePortNumOrName(h.tcpSocket.Port, fldPath.Child("tcpSocket", "port"))...)
		}
	}
	if h.grpc != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(fldPath.Child("grpc"), tooMany))
		} else {
			n++
			errs = append(errs, validatePortNumOrName(api.FromInt(h.grpc.Port), fldPath.Child("grpc", "port"))...)
		}
	}
	if h.sleep != nil {
		if n > 0 {
			errs = append(errs, field.Forbidden(fldPath.Child("sleep"), tooMany))
		} else {
			n++
			errs = append(errs, validateSleepAction(h.sleep, gracePeriod, fldPath.Child("sleep"))...)
		}
	}
	if n == 0 {
		errs = append(errs, field.Required(fldPath, "must specify a handler type"))
	}
	return errs
}

// validateSleepAction models validateSleepAction with zero allowed (the
// PodLifecycleSleepActionAllowZero gate is on in v1.37).
func validateSleepAction(s *api.SleepAction, gracePeriod *int64, fldPath *field.Path) field.ErrorList {
	if gracePeriod != nil && (s.Seconds < 0 || s.Seconds > *gracePeriod) {
		msg := fmt.Sprintf("must be non-negative and less than terminationGracePeriodSeconds (%d)", *gracePeriod)
		return field.ErrorList{field.Invalid(fldPath, s.Seconds, msg)}
	}
	return nil
}

// isHTTPHeaderName matches ^[-A-Za-z0-9]+$ (httpHeaderNameRegexp in
// upstream's validation; written out to keep regexp out of the wasm).
func isHTTPHeaderName(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c == '-' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// validateHTTPGetAction models validateHTTPGetAction.
func validateHTTPGetAction(h *api.HTTPGetAction, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if h.Path == "" {
		errs = append(errs, field.Required(fldPath.Child("path"), ""))
	}
	errs = append(errs, validatePortNumOrName(h.Port, fldPath.Child("port"))...)
	if h.Scheme != "HTTP" && h.Scheme != "HTTPS" {
		errs = append(errs, field.NotSupported(fldPath.Child("scheme"), h.Scheme, []string{"HTTP", "HTTPS"}))
	}
	for _, header := range h.HTTPHeaders {
		if !isHTTPHeaderName(header.Name) {
			msg := naming.RegexError("a valid HTTP header must consist of alphanumeric characters or '-'", "[-A-Za-z0-9]+", "X-Header-Name")
			errs = append(errs, field.Invalid(fldPath.Child("httpHeaders"), header.Name, msg))
		}
	}
	return errs
}

// validatePortNumOrName models ValidatePortNumOrName: a number is reported
// as an int, a name as a string.
func validatePortNumOrName(port api.IntOrString, fldPath *field.Path) field.ErrorList {
	var errs field.ErrorList
	if !port.IsString {
		for _, msg := range naming.IsValidPortNum(int(port.IntVal)) {
			errs = append(errs, field.Invalid(fldPath, int(port.IntVal), msg))
		}
		return errs
	}
	for _, msg := range naming.IsValidPortName(port.StrVal) {
		errs = append(errs, field.Invalid(fldPath, port.StrVal, msg))
	}
	return errs
}
