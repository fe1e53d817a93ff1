package describe

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/kubeplay/kubeplay/core/api"
	"github.com/kubeplay/kubeplay/core/api/labels"
	"github.com/kubeplay/kubeplay/core/kubectl/printers"
)

// Ingress prints `kubectl describe ingress` (describeIngressV1). services
// and slices are the namespace's, to resolve each backend to its ready
// endpoints (describeBackendV1); events may be all events.
func Ingress(w io.Writer, ing *api.Ingress, services []*api.Service, slices []*api.EndpointSlice, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%v\n", ing.Name)
		printLabelsMultiline(pw, "Labels", ing.Labels)
		pw.write(level0, "Namespace:\t%v\n", ing.Namespace)
		pw.write(level0, "Address:\t%v\n", printers.IngressAddress(ing.Status.LoadBalancer))
		class := "<none>"
		if ing.Spec.IngressClassName != nil {
			class = *ing.Spec.IngressClassName
		}
		pw.write(level0, "Ingress Class:\t%v\n", class)
		def := "<default>"
		if ing.Spec.DefaultBackend != nil {
			def = describeBackend(ing.Spec.DefaultBackend, services, slices)
		}
		pw.write(level0, "Default backend:\t%s\n", def)
		if len(ing.Spec.TLS) != 0 {
			pw.write(level0, "TLS:\n")
			for _, t := range ing.Spec.TLS {
				if t.SecretName == "" {
					pw.write(level1, "SNI routes %v\n", strings.Join(t.Hosts, ","))
				} else {
					pw.write(level1, "%v terminates %v\n", t.SecretName, strings.Join(t.Hosts, ","))
				}
			}
		}
		pw.write(level0, "Rules:\n  Host\tPath\tBackends\n")
		pw.write(level1, "----\t----\t--------\n")
		count := 0
		for _, r := range ing.Spec.Rules {
			if r.HTTP == nil {
				continue
			}
			count++
			host := r.Host
			if host == "" {
				host = "*"
			}
			pw.write(level1, "%s\t\n", host)
			for _, p := range r.HTTP.Paths {
				pw.write(level2, "\t%s \t%s\n", p.Path, describeBackend(&p.Backend, services, slices))
			}
		}
		if count == 0 {
			pw.write(level1, "%s\t%s\t%s\n", "*", "*", def)
		}
		printAnnotationsMultiline(pw, "Annotations", ing.Annotations)
		describeEvents(pw, EventsFor(events, ing), now)
		return nil
	})
}

// describeBackend models describeBackendV1: "svc:port (endpoints)", the
// endpoints those of the Service port the backend names; a missing Service
// reads as the client's NotFound error.
func describeBackend(b *api.IngressBackend, services []*api.Service, slices []*api.EndpointSlice) string {
	if s := b.Service; s != nil {
		port := s.Port.Name
		if s.Port.Number != 0 {
			port = strconv.Itoa(int(s.Port.Number))
		}
		sb := s.Name + ":" + port
		var svc *api.Service
		for _, c := range services {
			if c.Name == s.Name {
				svc = c
			}
		}
		if svc == nil {
			return fmt.Sprintf("%v (<error: services %q not found>)", sb, s.Name)
		}
		spName := ""
		for _, sp := range svc.Spec.Ports {
			if (s.Port.Number != 0 && s.Port.Number == sp.Port) || (s.Port.Name != "" && s.Port.Name == sp.Name) {
				spName = sp.Name
			}
		}
		var mine []*api.EndpointSlice
		for _, es := range slices {
			if es.Labels["kubernetes.io/service-name"] == s.Name {
				mine = append(mine, es)
			}
		}
		return fmt.Sprintf("%s (%s)", sb, endpointsOf(mine, spName))
	}
	if r := b.Resource; r != nil {
		group := "<none>"
		if r.APIGroup != nil {
			group = *r.APIGroup
		}
		return fmt.Sprintf("APIGroup: %v, Kind: %v, Name: %v", group, r.Kind, r.Name)
	}
	return ""
}

// IngressClass prints `kubectl describe ingressclass` (describeIngressClassV1).
func IngressClass(w io.Writer, ic *api.IngressClass, events []*api.Event, now time.Time) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", ic.Name)
		printLabelsMultiline(pw, "Labels", ic.Labels)
		printAnnotationsMultiline(pw, "Annotations", ic.Annotations)
		pw.write(level0, "Controller:\t%v\n", ic.Spec.Controller)
		if p := ic.Spec.Parameters; p != nil {
			pw.write(level0, "Parameters:\n")
			if p.APIGroup != nil {
				pw.write(level1, "APIGroup:\t%v\n", *p.APIGroup)
			}
			pw.write(level1, "Kind:\t%v\n", p.Kind)
			pw.write(level1, "Name:\t%v\n", p.Name)
		}
		describeEvents(pw, EventsFor(events, ic), now)
		return nil
	})
}

// NetworkPolicy prints `kubectl describe networkpolicy`
// (describeNetworkPolicy), which shows no events. Like a cluster whose
// network plugin does not implement NetworkPolicy (kind's kindnet before
// v0.24, flannel), the playground stores and prints policies but enforces
// none; describe says nothing about that on a real cluster either.
func NetworkPolicy(w io.Writer, np *api.NetworkPolicy) error {
	return tabbedString(w, func(pw *prefixWriter) error {
		pw.write(level0, "Name:\t%s\n", np.Name)
		pw.write(level0, "Namespace:\t%s\n", np.Namespace)
		pw.write(level0, "Created on:\t%s\n", np.CreationTimestamp.Time.String())
		printLabelsMultiline(pw, "Labels", np.Labels)
		printAnnotationsMultiline(pw, "Annotations", np.Annotations)
		s := np.Spec
		pw.write(level0, "Spec:\n")
		pw.write(level1, "PodSelector: ")
		if len(s.PodSelector.MatchLabels) == 0 && len(s.PodSelector.MatchExpressions) == 0 {
			pw.write(level2, "<none> (Allowing the specific traffic to all pods in this namespace)\n")
		} else {
			pw.write(level2, "%s\n", labels.FormatLabelSelector(&s.PodSelector))
		}
		ingress, egress := false, false // getPolicyType
		for _, t := range s.PolicyTypes {
			ingress = ingress || t == api.PolicyTypeIngress
			egress = egress || t == api.PolicyTypeEgress
		}
		if ingress {
			pw.write(level1, "Allowing ingress traffic:\n")
			var rules []policyRule
			for _, r := range s.Ingress {
				rules = append(rules, policyRule{r.Ports, r.From})
			}
			printPolicyRules(pw, rules, "From", "source", "ingress")
		} else {
			pw.write(level1, "Not affecting ingress traffic\n")
		}
		if egress {
			pw.write(level1, "Allowing egress traffic:\n")
			var rules []policyRule
			for _, r := range s.Egress {
				rules = append(rules, policyRule{r.Ports, r.To})
			}
			printPolicyRules(pw, rules, "To", "destination", "egress")
		} else {
			pw.write(level1, "Not affecting egress traffic\n")
		}
		var types []string // policyTypesToString
		for _, t := range s.PolicyTypes {
			types = append(types, string(t))
		}
		pw.write(level1, "Policy Types: %v\n", stringOrNone(strings.Join(types, ", ")))
		return nil
	})
}

// policyRule is an ingress or egress rule: ports and peers.
type policyRule struct {
	ports []api.NetworkPolicyPort
	peers []api.NetworkPolicyPeer
}

// printPolicyRules models printNetworkPolicySpecIngressFrom and
// printNetworkPolicySpecEgressTo, which differ only in their words.
func printPolicyRules(pw *prefixWriter, rules []policyRule, peerWord, restriction, direction string) {
	const indent = "    "
	if len(rules) == 0 {
		pw.write(level0, "%s<none> (Selected pods are isolated for %s connectivity)\n", indent, direction)
		return
	}
	for i, r := range rules {
		if len(r.ports) == 0 {
			pw.write(level0, "%sTo Port: <any> (traffic allowed to all ports)\n", indent)
		}
		for _, p := range r.ports {
			proto := api.ProtocolTCP
			if p.Protocol != nil {
				proto = *p.Protocol
			}
			port := "<nil>"
			if p.Port != nil {
				port = p.Port.String()
			}
			if p.EndPort == nil {
				pw.write(level0, "%sTo Port: %s/%s\n", indent, port, proto)
			} else {
				pw.write(level0, "%sTo Port Range: %s-%d/%s\n", indent, port, *p.EndPort, proto)
			}
		}
		if len(r.peers) == 0 {
			pw.write(level0, "%s%s: <any> (traffic not restricted by %s)\n", indent, peerWord, restriction)
		}
		for _, peer := range r.peers {
			pw.write(level0, "%s%s:\n", indent, peerWord)
			switch {
			case peer.PodSelector != nil && peer.NamespaceSelector != nil:
				pw.write(level1, "%sNamespaceSelector: %s\n", indent, labels.FormatLabelSelector(peer.NamespaceSelector))
				pw.write(level1, "%sPodSelector: %s\n", indent, labels.FormatLabelSelector(peer.PodSelector))
			case peer.PodSelector != nil:
				pw.write(level1, "%sPodSelector: %s\n", indent, labels.FormatLabelSelector(peer.PodSelector))
			case peer.NamespaceSelector != nil:
				pw.write(level1, "%sNamespaceSelector: %s\n", indent, labels.FormatLabelSelector(peer.NamespaceSelector))
			case peer.IPBlock != nil:
				pw.write(level1, "%sIPBlock:\n", indent)
				pw.write(level2, "%sCIDR: %s\n", indent, peer.IPBlock.CIDR)
				pw.write(level2, "%sExcept: %v\n", indent, strings.Join(peer.IPBlock.Except, ", "))
			}
		}
		if i != len(rules)-1 {
			pw.write(level0, "%s----------\n", indent)
		}
	}
}
